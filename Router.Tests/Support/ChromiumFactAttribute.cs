namespace SoapRouter.Tests.Support;

/// <summary>A [Fact] that is skipped, saying why, where Debian's chromium is not installed (.ci/run installs it).</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class ChromiumFactAttribute : FactAttribute
{
    /// <summary>Skips the test when <see cref="Chromium.ExecutablePath"/> is missing.</summary>
    public ChromiumFactAttribute()
    {
        if (!File.Exists(Chromium.ExecutablePath))
        {
            Skip = $"{Chromium.ExecutablePath} is missing (apt-get install chromium; .ci/run installs it): the operator page's tests drive a real browser.";
        }
    }
}
