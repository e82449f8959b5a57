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
    [InlineData(-1)]
    [InlineData(3601)]
    public void Validate_DrainTimeoutOutOfRange_ReportsIt(int seconds) =>
        AssertSingleError(
            Valid() with { Shutdown = new ShutdownConfig { DrainTimeout = TimeSpan.FromSeconds(seconds) } },
            "shutdown.drainTimeout", "must be from 00:00:00 to 01:00:00");

    [Theory]
    [InlineData(-1)]
    [InlineData(3601)]
    public void Validate_DrainDelayOutOfRange_ReportsIt(int seconds) =>
        AssertSingleError(
            Valid() with { Shutdown = new ShutdownConfig { DrainDelay = TimeSpan.FromSeconds(seconds) } },
            "shutdown.drainDelay", "must be from 00:00:00 to 01:00:00");

    [Fact]
    public void Validate_DefaultDrainDelay_IsZero() => Assert.Equal(TimeSpan.Zero, Valid().Shutdown.DrainDelay);
}
