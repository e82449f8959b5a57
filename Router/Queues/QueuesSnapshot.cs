namespace SoapRouter.Queues;

/// <summary>The queue store and every queue on /stats and GET /queues; the routes' direct copies.</summary>
/// <param name="Store">The store (<c>local</c>).</param>
/// <param name="Bytes">Bytes the store keeps (messages and dead letters).</param>
/// <param name="MaxBytes">queues.maxBytes.</param>
/// <param name="Queues">Each queue by name (a route's, or a route's copy: <c>route-&gt;cluster</c>).</param>
/// <param name="Copies">Direct multicast copies per route.</param>
internal sealed record QueuesSnapshot(
    string Store, long Bytes, long MaxBytes, IReadOnlyDictionary<string, QueueSnapshot> Queues, IReadOnlyDictionary<string, CopySnapshot> Copies);
