namespace SoapRouter.Listening;

/// <summary>
/// Bounds the messages the listeners process at once (limits.maxConcurrentRequests). Unlike Kestrel's connection
/// limit it counts requests, so idle keep-alive connections cost nothing. A request over the limit waits briefly for a
/// slot, which absorbs short bursts, and is then turned away so a stalled backend cannot queue requests without end.
/// </summary>
internal sealed class ConcurrencyGate : IDisposable
{
    /// <summary>How long a request waits for a slot before the router answers that it is busy.</summary>
    public static readonly TimeSpan DefaultBusyWait = TimeSpan.FromMilliseconds(100);

    private readonly SemaphoreSlim _slots;
    private readonly TimeSpan _busyWait;

    /// <summary>A gate with <paramref name="limit"/> slots; a request waits up to <paramref name="busyWait"/> for one.</summary>
    public ConcurrencyGate(int limit, TimeSpan busyWait)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(busyWait, TimeSpan.Zero);
        Limit = limit;
        _slots = new SemaphoreSlim(limit, limit);
        _busyWait = busyWait;
    }

    /// <summary>The number of slots.</summary>
    public int Limit { get; }

    /// <summary>Slots free right now.</summary>
    public int Available => _slots.CurrentCount;

    /// <summary>
    /// Takes a slot, waiting up to the busy wait; false when none came free. Throws
    /// <see cref="OperationCanceledException"/> when the client leaves while waiting. Pair a true result with <see cref="Exit"/>.
    /// </summary>
    public ValueTask<bool> TryEnterAsync(CancellationToken cancellationToken)
    {
        // The usual case, a free slot, completes synchronously without allocating.
        return _slots.Wait(0, CancellationToken.None)
            ? ValueTask.FromResult(true)
            : new ValueTask<bool>(_slots.WaitAsync(_busyWait, cancellationToken));
    }

    /// <summary>Gives a slot back.</summary>
    public void Exit() => _slots.Release();

    /// <inheritdoc />
    public void Dispose() => _slots.Dispose();
}
