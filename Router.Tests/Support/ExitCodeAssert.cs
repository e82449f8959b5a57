namespace SoapRouter.Tests.Support;

/// <summary>
/// An exit code checked the way Assert.Equal checks a value, keeping what the process wrote: a failure shows the
/// expected code, the actual one and the output that explains it.
/// </summary>
internal static class ExitCodeAssert
{
    /// <summary>Fails unless <paramref name="actual"/> is <paramref name="expected"/>; the message carries both and <paramref name="output"/>.</summary>
    public static void Equal(int expected, int actual, string output)
    {
        if (actual != expected)
        {
            Assert.Fail($"Exit code: expected {expected}, actual {actual}{Environment.NewLine}{output}");
        }
    }
}
