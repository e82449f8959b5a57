namespace SoapRouter.Queues;

/// <summary>What the store made of a message it was asked to keep.</summary>
internal enum StoreResult
{
    /// <summary>Kept on disk (flushed) or confirmed by the broker: the client may be acknowledged.</summary>
    Stored,

    /// <summary>A message with the same MessageID waits in the queue already: kept once, acknowledged again.</summary>
    Duplicate,

    /// <summary>The store is at queues.maxBytes, or its disk is full: refused, the client is told to try again.</summary>
    Full,

    /// <summary>The store cannot be reached or written: refused, the client is told to try again.</summary>
    Unavailable,
}
