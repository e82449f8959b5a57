namespace SoapRouter.Tests.Support;

/// <summary>The exit-code assertion the load client's tests use: silent on a match, both codes and the output on a mismatch.</summary>
public sealed class ExitCodeAssertTests
{
    [Fact]
    public void Equal_DifferentCodes_FailsWithBothCodesAndTheOutput()
    {
        var failure = Assert.ThrowsAny<Xunit.Sdk.XunitException>(() => ExitCodeAssert.Equal(0, 3, "what the run wrote"));

        Assert.Contains("expected 0, actual 3", failure.Message, StringComparison.Ordinal);
        Assert.Contains("what the run wrote", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Equal_SameCode_DoesNotFail() =>
        Assert.Null(Record.Exception(() => ExitCodeAssert.Equal(1, 1, "what the run wrote")));
}
