namespace SoapRouter.Queues;

/// <summary>A route's multicast copies sent directly (not durable): taken by a destination, or not (down, faulted, or dropped when too many were under way).</summary>
internal sealed class CopyCounters
{
    private long _sent;
    private long _failed;

    /// <summary>Copies a destination took.</summary>
    public long Sent => Interlocked.Read(ref _sent);

    /// <summary>Copies that were not delivered.</summary>
    public long Failed => Interlocked.Read(ref _failed);

    /// <summary>Counts one copy's end.</summary>
    public void Record(bool sent)
    {
        if (sent)
        {
            Interlocked.Increment(ref _sent);
        }
        else
        {
            Interlocked.Increment(ref _failed);
        }
    }
}
