namespace SoapRouter.Telemetry;

/// <summary>
/// Lock-free counters for one route, destination or forwarding path. Callers look one up once and keep it, so the
/// per-message cost is a few interlocked adds.
/// </summary>
internal sealed class TrafficCounters
{
    private long _messages;
    private long _failures;
    private long _bytesIn;
    private long _bytesOut;

    /// <summary>Messages counted.</summary>
    public long Messages => Interlocked.Read(ref _messages);

    /// <summary>Messages that failed (a fault answered by the router or an unreachable backend).</summary>
    public long Failures => Interlocked.Read(ref _failures);

    /// <summary>Bytes the router received on this leg.</summary>
    public long BytesIn => Interlocked.Read(ref _bytesIn);

    /// <summary>Bytes the router sent on this leg.</summary>
    public long BytesOut => Interlocked.Read(ref _bytesOut);

    /// <summary>Counts one message with the bytes received and sent for it.</summary>
    public void Record(long bytesIn, long bytesOut, bool failed = false)
    {
        Interlocked.Increment(ref _messages);
        if (bytesIn != 0)
        {
            Interlocked.Add(ref _bytesIn, bytesIn);
        }

        if (bytesOut != 0)
        {
            Interlocked.Add(ref _bytesOut, bytesOut);
        }

        if (failed)
        {
            Interlocked.Increment(ref _failures);
        }
    }

    /// <summary>
    /// Adds bytes of a message counted already (a streamed one, whose bytes pass after it was counted), and its failure
    /// when it failed after that.
    /// </summary>
    public void AddBytes(long bytesIn, long bytesOut, bool failed = false)
    {
        Interlocked.Add(ref _bytesIn, bytesIn);
        Interlocked.Add(ref _bytesOut, bytesOut);
        if (failed)
        {
            Interlocked.Increment(ref _failures);
        }
    }

    /// <summary>Reads the counters into an immutable record (each counter read atomically, not all together).</summary>
    public TrafficSnapshot Snapshot() => new(Messages, Failures, BytesIn, BytesOut);
}
