using System.Collections.Concurrent;
using System.Diagnostics;

namespace SoapRouter.Tests.Support;

/// <summary>
/// Records every span of the named ActivitySources that ends while it lives. Tests run in parallel in one process, so
/// it sees other tests' spans too: read it by trace id (<see cref="OfTrace"/>).
/// </summary>
internal sealed class SpanCollector : IDisposable
{
    private readonly ActivityListener _listener;
    private readonly ConcurrentQueue<Activity> _stopped = new();

    /// <summary>Starts listening to <paramref name="sources"/>, sampling everything.</summary>
    public SpanCollector(params string[] sources)
    {
        _listener = new ActivityListener
        {
            ShouldListenTo = source => sources.Contains(source.Name),
            Sample = static (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = _stopped.Enqueue,
        };
        ActivitySource.AddActivityListener(_listener);
    }

    /// <summary>The ended spans of trace <paramref name="traceId"/>.</summary>
    public IReadOnlyList<Activity> OfTrace(ActivityTraceId traceId) => _stopped.Where(span => span.TraceId == traceId).ToList();

    /// <summary>Waits until trace <paramref name="traceId"/> has at least <paramref name="count"/> ended spans, and returns them.</summary>
    public async Task<IReadOnlyList<Activity>> WaitForAsync(ActivityTraceId traceId, int count)
    {
        await Eventually.TrueAsync(() => Task.FromResult(OfTrace(traceId).Count >= count), $"trace {traceId} has {count} spans");
        return OfTrace(traceId);
    }

    /// <summary>The ended spans for which <paramref name="match"/> holds.</summary>
    public IReadOnlyList<Activity> Where(Func<Activity, bool> match) => _stopped.Where(match).ToList();

    public void Dispose() => _listener.Dispose();
}
