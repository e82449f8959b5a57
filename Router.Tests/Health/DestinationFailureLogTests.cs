using Microsoft.Extensions.Logging;
using SoapRouter.Forwarding;
using SoapRouter.Health;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Health;

/// <summary>DestinationFailureLog on the one log-once-per-interval helper (IntervalCount), with a fake clock.</summary>
public sealed class DestinationFailureLogTests
{
    private readonly FakeTimeProvider _clock = new();
    private readonly CapturingLogger<DestinationFailureLogTests> _logger = new();

    [Fact]
    public void Record_AFloodOfFailures_IsOneWarningPerDestinationPerInterval_NamingTheFirstError()
    {
        using var log = new DestinationFailureLog(_logger, _clock);

        log.Record("d1", ForwardError.ConnectionRefused);
        for (var i = 0; i < 99; i++)
        {
            log.Record("d1", ForwardError.ConnectTimeout);
        }

        log.Record("d2", ForwardError.TlsFailed, "certificate not trusted");

        _clock.Advance(IntervalCount.DefaultInterval - TimeSpan.FromMilliseconds(1));
        Assert.Empty(Warnings());

        _clock.Advance(TimeSpan.FromMilliseconds(1));
        Assert.Equal(
            ["Destination d1: 100 attempts failed in the last 00:00:10 (first: ConnectionRefused)",
             "Destination d2: 1 attempts failed in the last 00:00:10 (first: TlsFailed: certificate not trusted)"],
            Warnings().Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Record_AfterAReport_TheNextIntervalNamesItsOwnFirstError_AndAQuietOneLogsNothing()
    {
        using var log = new DestinationFailureLog(_logger, _clock);
        log.Record("d1", ForwardError.ConnectionRefused);
        _clock.Advance(IntervalCount.DefaultInterval);

        _clock.Advance(IntervalCount.DefaultInterval * 5);
        Assert.Single(Warnings());

        log.Record("d1", ForwardError.ResetAfterSend);
        log.Record("d1", ForwardError.ConnectionRefused);
        _clock.Advance(IntervalCount.DefaultInterval);

        Assert.Equal(
            ["Destination d1: 1 attempts failed in the last 00:00:10 (first: ConnectionRefused)",
             "Destination d1: 2 attempts failed in the last 00:00:10 (first: ResetAfterSend)"],
            Warnings());
    }

    [Fact]
    public void Retain_DropsDestinationsAReloadRemoved_WithoutLoggingTheirPendingCount()
    {
        using var log = new DestinationFailureLog(_logger, _clock);
        log.Record("kept", ForwardError.ConnectionRefused);
        log.Record("removed", ForwardError.ConnectionRefused);

        log.Retain(new HashSet<string>(StringComparer.Ordinal) { "kept" });
        _clock.Advance(IntervalCount.DefaultInterval);

        Assert.Equal(["kept"], log.Destinations);
        Assert.Equal(["Destination kept: 1 attempts failed in the last 00:00:10 (first: ConnectionRefused)"], Warnings());
    }

    private List<string> Warnings() => _logger.Entries.Where(e => e.Level == LogLevel.Warning).Select(e => e.Message).ToList();
}
