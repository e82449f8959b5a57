namespace SoapRouter.Tests.BackendStub.Wsdl;

/// <summary>A [Fact] that is skipped, saying why, where no python3 with zeep (python3-zeep) is installed.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class ZeepFactAttribute : FactAttribute
{
    /// <summary>Skips the test when <c>python3 -c "import zeep"</c> fails for every python tried.</summary>
    public ZeepFactAttribute()
    {
        if (ZeepPython.Path is null)
        {
            Skip = "python3-zeep is not installed: no python3 (SOAPROUTER_PYTHON, PATH, /usr/bin/python3) can 'import zeep'. Install it (apt-get install python3-zeep) to run this test.";
        }
    }
}
