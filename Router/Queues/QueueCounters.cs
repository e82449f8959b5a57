namespace SoapRouter.Queues;

/// <summary>What one queue did since start: messages accepted into it, delivered, attempts that failed and were rescheduled, dead-lettered.</summary>
internal sealed class QueueCounters
{
    private long _accepted;
    private long _delivered;
    private long _retried;
    private long _deadLettered;

    /// <summary>Messages kept in the queue.</summary>
    public long Accepted => Interlocked.Read(ref _accepted);

    /// <summary>Messages delivered and removed.</summary>
    public long Delivered => Interlocked.Read(ref _delivered);

    /// <summary>Failed attempts that were rescheduled.</summary>
    public long Retried => Interlocked.Read(ref _retried);

    /// <summary>Messages moved to the dead letters.</summary>
    public long DeadLettered => Interlocked.Read(ref _deadLettered);

    /// <summary>Counts a message kept.</summary>
    public void Accept() => Interlocked.Increment(ref _accepted);

    /// <summary>Counts a delivery.</summary>
    public void Deliver() => Interlocked.Increment(ref _delivered);

    /// <summary>Counts a rescheduled attempt.</summary>
    public void Retry() => Interlocked.Increment(ref _retried);

    /// <summary>Counts a dead letter.</summary>
    public void DeadLetter() => Interlocked.Increment(ref _deadLettered);
}
