using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class ShutdownValidationTests
{
    [Fact]
    public void Validate_DefaultDrainTimeout_Is30SecondsAndValid()
    {
        Assert.Equal(TimeSpan.FromSeconds(30), Valid().Shutdown.DrainTimeout);
        Assert.Empty(Errors(Valid()));
    }

    [Fact]
    public void Validate_ZeroDrainTimeout_IsValid() =>
        Assert.Empty(Errors(Valid() with { Shutdown = new ShutdownConfig { DrainTimeout = TimeSpan.Zero } }));

    [Theory]
    [InlineData("drainTimeout", -1)]
    [InlineData("drainTimeout", 3601)]
    [InlineData("drainDelay", -1)]
    [InlineData("drainDelay", 3601)]
    public void Validate_DrainTimeoutOrDelayOutOfRange_ReportsIt(string key, int seconds)
    {
        var value = TimeSpan.FromSeconds(seconds);
        var shutdown = key == "drainDelay" ? new ShutdownConfig { DrainDelay = value } : new ShutdownConfig { DrainTimeout = value };

        AssertSingleError(Valid() with { Shutdown = shutdown }, "shutdown." + key, "must be from 00:00:00 to 01:00:00");
    }

    [Fact]
    public void Validate_DefaultDrainDelay_IsZero() => Assert.Equal(TimeSpan.Zero, Valid().Shutdown.DrainDelay);
}
