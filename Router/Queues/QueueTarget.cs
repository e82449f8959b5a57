namespace SoapRouter.Queues;

/// <summary>One queue a message is kept in, and the cluster that queue delivers to.</summary>
internal readonly record struct QueueTarget(string Queue, string Cluster);
