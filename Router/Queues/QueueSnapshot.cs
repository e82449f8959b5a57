namespace SoapRouter.Queues;

/// <summary>One queue on /stats and GET /queues.</summary>
/// <param name="Depth">Messages waiting.</param>
/// <param name="Bytes">Their bytes.</param>
/// <param name="OldestAgeSeconds">How long the oldest has waited; 0 when none waits.</param>
/// <param name="DeadLetters">Dead letters waiting for an operator (replay or purge).</param>
/// <param name="Accepted">Messages kept since start.</param>
/// <param name="Delivered">Messages delivered since start.</param>
/// <param name="Retried">Failed attempts rescheduled since start.</param>
/// <param name="DeadLettered">Messages moved to the dead letters since start.</param>
internal sealed record QueueSnapshot(
    long Depth, long Bytes, double OldestAgeSeconds, long DeadLetters, long Accepted, long Delivered, long Retried, long DeadLettered);
