namespace SoapRouter.Queues;

/// <summary>How a message sent with nobody waiting ended: delivered, faulted by the service, failed (try again), unusable, or cut by shutdown.</summary>
internal readonly record struct DetachedResult(DetachedOutcome Outcome, string? Reason = null)
{
    /// <summary>The destination took it (an acknowledgement, or a reply).</summary>
    public static readonly DetachedResult Delivered = new(DetachedOutcome.Delivered);

    /// <summary>The router is stopping: the message stays where it was.</summary>
    public static readonly DetachedResult Stopped = new(DetachedOutcome.Stopped);
}
