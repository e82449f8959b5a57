namespace SoapRouter.Listening.NetTcp;

/// <summary>
/// Counts the client connections of every netTcp listener against limits.netTcp.maxConnections (fixed at start, like
/// the listeners). A connection over the limit is answered with the ServerTooBusy framing fault, which WCF clients
/// turn into ServerTooBusyException.
/// </summary>
internal sealed class NetTcpConnectionGate(int limit)
{
    private int _open;

    /// <summary>The limit.</summary>
    public int Limit { get; } = limit;

    /// <summary>Connections being served.</summary>
    public int Open => Volatile.Read(ref _open);

    /// <summary>Takes a slot; false at the limit. Pair true with <see cref="Release"/>.</summary>
    public bool TryAcquire()
    {
        if (Interlocked.Increment(ref _open) <= Limit)
        {
            return true;
        }

        Interlocked.Decrement(ref _open);
        return false;
    }

    /// <summary>Gives a slot back.</summary>
    public void Release() => Interlocked.Decrement(ref _open);
}
