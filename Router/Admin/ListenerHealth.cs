using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;

namespace SoapRouter.Admin;

/// <summary>
/// The listeners' part of GET /health, from their connection counters: <see cref="HealthStatus.Unhealthy"/> while
/// some listener endpoint has failed every accept for <see cref="AcceptFailureGrace"/> (it cannot take new clients),
/// <see cref="HealthStatus.Degraded"/> when one refused connections at limits.maxConnections within
/// <see cref="RefusalWindow"/> (it is full), or while one waits for file descriptors to keep limits.fileDescriptorReserve
/// (the reason says which and, from <paramref name="reserve"/>, how many are free), or while <paramref name="memory"/> is
/// over limits.memoryHighWatermark (new messages are held back).
/// </summary>
internal sealed class ListenerHealth(
    RouterStatistics statistics, TimeProvider timeProvider, DescriptorReserve? reserve = null, Listening.MemoryPressure? memory = null)
{
    /// <summary>How long accepting must keep failing before the router reports itself unhealthy.</summary>
    public static readonly TimeSpan AcceptFailureGrace = TimeSpan.FromSeconds(5);

    /// <summary>How long a refusal at the connection limit keeps the router degraded.</summary>
    public static readonly TimeSpan RefusalWindow = TimeSpan.FromSeconds(10);

    /// <summary>The worst state of any listener endpoint.</summary>
    public HealthStatus GetStatus() => GetStatus(reasons: null);

    /// <summary>The worst state of any listener endpoint; why the listeners hold back, when they do, is added to <paramref name="reasons"/>.</summary>
    public HealthStatus GetStatus(List<string>? reasons)
    {
        var status = HealthStatus.Ok;
        List<string>? waiting = null;

        foreach (var counters in statistics.AllConnections)
        {
            if (CannotAccept(counters))
            {
                return HealthStatus.Unhealthy;
            }

            if (Within(counters.LastRejectedAt, RefusalWindow))
            {
                status = HealthStatus.Degraded;
            }

            if (counters.WaitingForReserve)
            {
                status = HealthStatus.Degraded;
                (waiting ??= []).Add(counters.Listeners);
            }
        }

        if (waiting is not null)
        {
            waiting.Sort(StringComparer.Ordinal);
            reasons?.Add($"listeners {string.Join("; ", waiting)} stopped accepting: {reserve?.Describe() ?? "file descriptors are short"}");
        }

        if (memory?.IsHigh == true)
        {
            status = HealthStatus.Degraded;
            reasons?.Add($"new messages held back: {memory.Describe()}");
        }

        return status;
    }

    private bool CannotAccept(ConnectionCounters counters)
    {
        // A streak that is long enough and still going: failures keep coming (one per retry) with no accept between.
        var since = counters.FailingSince;
        return since != 0
            && timeProvider.GetElapsedTime(since) >= AcceptFailureGrace
            && Within(counters.LastAcceptErrorAt, AcceptFailureGrace);
    }

    private bool Within(long timestamp, TimeSpan window) => timestamp != 0 && timeProvider.GetElapsedTime(timestamp) < window;
}
