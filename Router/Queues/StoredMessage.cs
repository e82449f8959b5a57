using SoapRouter.Pipeline;

namespace SoapRouter.Queues;

/// <summary>
/// A one-way message as the queue store keeps it: the bytes its client sent (in its listener's encoding), what is needed to
/// read them again (the listener, content type, SOAPAction, trace context), where it goes (the route and the cluster of its
/// queue), and its delivery so far. <see cref="Id"/> is the store's.
/// </summary>
internal sealed record StoredMessage
{
    /// <summary>The store's id, in arrival order; 0 before it is stored.</summary>
    public long Id { get; init; }

    /// <summary>The queue: the route's own, or one of its copies' (<see cref="QueueNames"/>).</summary>
    public required string Queue { get; init; }

    /// <summary>The route that took it; its delivery settings apply while it has them.</summary>
    public required string Route { get; init; }

    /// <summary>The cluster it is delivered to.</summary>
    public required string Cluster { get; init; }

    /// <summary>The listener it arrived on, whose binding reads its bytes.</summary>
    public required string Listener { get; init; }

    /// <summary>The Content-Type it came with.</summary>
    public required string ContentType { get; init; }

    /// <summary>The SOAPAction header as received; null when absent.</summary>
    public string? SoapAction { get; init; }

    /// <summary>The W3C traceparent it came with, so its delivery continues the client's trace; null when absent.</summary>
    public string? TraceParent { get; init; }

    /// <summary>The client's MessageID, when it sent one: a second message with the same one is not kept twice.</summary>
    public string? MessageId { get; init; }

    /// <summary>The message's bytes.</summary>
    public required byte[] Body { get; init; }

    /// <summary>When it was accepted (Unix milliseconds).</summary>
    public long EnqueuedAt { get; init; }

    /// <summary>Attempts made so far.</summary>
    public int Attempts { get; init; }

    /// <summary>Why its last attempt failed (or why it is a dead letter); null before any failure.</summary>
    public string? Reason { get; init; }

    /// <summary>
    /// The message of <paramref name="context"/> (routed), as <paramref name="kept"/>, for <paramref name="queue"/>, delivered
    /// to <paramref name="cluster"/>, accepted at <paramref name="enqueuedAt"/> (Unix milliseconds).
    /// </summary>
    public static StoredMessage Of(MessageContext context, KeptBytes kept, string queue, string cluster, long enqueuedAt) => new()
    {
        Queue = queue,
        Route = context.Route!.Name,
        Cluster = cluster,
        Listener = context.Listener.Name,
        ContentType = kept.ContentType,
        SoapAction = context.Inbound.SoapActionHeader,
        TraceParent = context.Inbound.TraceParent,
        MessageId = context.MessageId,
        Body = kept.Body,
        EnqueuedAt = enqueuedAt,
    };
}
