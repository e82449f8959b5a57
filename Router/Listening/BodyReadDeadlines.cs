namespace SoapRouter.Listening;

/// <summary>
/// Cancellation sources that cancel themselves after limits.requestBodyTimeout, reused across requests (a reset source
/// keeps its timer), so bounding every body read costs no allocation per message.
/// </summary>
internal sealed class BodyReadDeadlines(TimeProvider timeProvider)
{
    // Enough for the requests reading at once on a busy router; beyond it, sources are simply dropped.
    private const int MaxKept = 1024;

    private readonly System.Collections.Concurrent.ConcurrentQueue<CancellationTokenSource> _free = new();

    /// <summary>A source that cancels after <paramref name="timeout"/>; give it back with <see cref="Return"/>.</summary>
    public CancellationTokenSource Rent(TimeSpan timeout)
    {
        if (!_free.TryDequeue(out var source))
        {
            source = new CancellationTokenSource(Timeout.InfiniteTimeSpan, timeProvider);
        }

        source.CancelAfter(timeout);
        return source;
    }

    /// <summary>Takes a source back: kept if it never fired (reset stops its timer), disposed otherwise.</summary>
    public void Return(CancellationTokenSource source)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (_free.Count < MaxKept && source.TryReset())
        {
            _free.Enqueue(source);
            return;
        }

        source.Dispose();
    }
}
