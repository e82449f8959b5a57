namespace SoapRouter.Queues;

/// <summary>
/// Where durable messages are kept until delivered: one interface, two engines (the local disk, RabbitMQ). A message is
/// kept (flushed, or confirmed) before <see cref="AppendAsync"/> says <see cref="StoreResult.Stored"/>, and only then is
/// its client acknowledged. Delivery takes what is due, and each taken message ends completed, rescheduled or dead-lettered.
/// </summary>
internal interface IMessageStore : IAsyncDisposable
{
    /// <summary>Keeps <paramref name="message"/> in each of <paramref name="targets"/> (the route's own queue and its copies') at once: all or none.</summary>
    ValueTask<StoreResult> AppendAsync(StoredMessage message, IReadOnlyList<QueueTarget> targets, CancellationToken cancellationToken);

    /// <summary>Up to <paramref name="max"/> messages of <paramref name="queue"/> due at <paramref name="now"/> (Unix ms), oldest first.</summary>
    ValueTask<IReadOnlyList<StoredMessage>> TakeDueAsync(string queue, int max, long now, CancellationToken cancellationToken);

    /// <summary>When the next message of <paramref name="queue"/> falls due (Unix ms); null when it holds none.</summary>
    ValueTask<long?> NextDueAsync(string queue, CancellationToken cancellationToken);

    /// <summary>Removes a delivered message.</summary>
    ValueTask CompleteAsync(StoredMessage message, CancellationToken cancellationToken);

    /// <summary>Counts a failed attempt of <paramref name="message"/> and makes it due again at <paramref name="due"/> (Unix ms).</summary>
    ValueTask RetryAsync(StoredMessage message, long due, string reason, CancellationToken cancellationToken);

    /// <summary>Moves <paramref name="message"/> to its queue's dead letters with <paramref name="reason"/>.</summary>
    ValueTask DeadLetterAsync(StoredMessage message, string reason, CancellationToken cancellationToken);

    /// <summary>Every queue the store holds messages or dead letters of.</summary>
    ValueTask<IReadOnlyList<string>> QueuesAsync(CancellationToken cancellationToken);

    /// <summary>What <paramref name="queue"/> holds now.</summary>
    QueueDepth Depth(string queue);

    /// <summary>Up to <paramref name="max"/> dead letters of <paramref name="queue"/>, oldest first (bodies left out).</summary>
    ValueTask<IReadOnlyList<StoredMessage>> DeadLettersAsync(string queue, int max, CancellationToken cancellationToken);

    /// <summary>Puts <paramref name="queue"/>'s dead letters back in line, due now, their attempts reset; returns how many.</summary>
    ValueTask<int> ReplayAsync(string queue, CancellationToken cancellationToken);

    /// <summary>Drops <paramref name="queue"/>'s dead letters; returns how many.</summary>
    ValueTask<int> PurgeAsync(string queue, CancellationToken cancellationToken);
}
