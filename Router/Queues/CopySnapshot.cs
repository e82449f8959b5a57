namespace SoapRouter.Queues;

/// <summary>A route's direct multicast copies on /stats: sent (a destination took them) and failed.</summary>
internal sealed record CopySnapshot(long Sent, long Failed);
