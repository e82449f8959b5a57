namespace SoapRouter.Admin;

/// <summary>A dead letter as GET /queues/NAME/dead-letters lists it (its body left out).</summary>
internal sealed record DeadLetter(long Id, string Route, string Cluster, string Listener, DateTimeOffset EnqueuedAt, int Attempts, int Bytes, string? Reason);
