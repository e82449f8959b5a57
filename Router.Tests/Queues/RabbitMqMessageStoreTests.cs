using System.Text;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Queues;
using SoapRouter.Queues.RabbitMq;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Queues;

/// <summary>
/// The RabbitMQ store against a real rabbitmq-server: one publish (confirmed) reaches a route's queue and its copies', a
/// retry waits its backoff in the waiting room and comes back, dead letters keep their reason and can be replayed and
/// purged, a full queue and a lost broker refuse (never acknowledge), a broker that comes back is used again, and a
/// replica that dies hands what it held to another. Each test has queues of its own and deletes them.
/// </summary>
public sealed class RabbitMqMessageStoreTests : IAsyncLifetime
{
    private static readonly QueueTarget[] One = [new("orders", "c")];
    private readonly string _prefix = RabbitMqBroker.UniquePrefix();
    private readonly List<string> _arrivals = [];

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        if (RabbitMqBroker.IsListening)
        {
            await RabbitMqBroker.DeleteAsync(_prefix, "orders", "orders->audit");
        }
    }

    [RabbitMqFact]
    public async Task Append_ToARouteAndItsCopies_OnePublishReachesEveryQueue_EachWithItsCluster()
    {
        await using var store = Open();

        var result = await store.AppendAsync(Message("copied") with { MessageId = "urn:uuid:a1", SoapAction = "urn:submit", TraceParent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
            [new("orders", "c"), new("orders->audit", "audit")], default);

        Assert.Equal(StoreResult.Stored, result);
        var own = Assert.Single(await TakeAsync(store, "orders", 1));
        var copy = Assert.Single(await TakeAsync(store, "orders->audit", 1));
        Assert.Equal(("orders", "c", "orders->audit", "audit"), (own.Queue, own.Cluster, copy.Queue, copy.Cluster));
        Assert.Equal(("copied", "soap12", "orders", "urn:uuid:a1", "urn:submit"), (Encoding.UTF8.GetString(own.Body), own.Listener, own.Route, own.MessageId, own.SoapAction));
        Assert.Equal("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", copy.TraceParent);
        Assert.Equal((1234567L, 0), (own.EnqueuedAt, own.Attempts));
        Assert.Contains("orders", _arrivals);

        await store.CompleteAsync(own, default);
        await store.CompleteAsync(copy, default);
        await Eventually.TrueAsync(async () => await RabbitMqBroker.ReadyAsync(_prefix + "orders") == 0 && store.Depth("orders").Messages == 0, "the delivered message is gone");
    }

    [RabbitMqFact]
    public async Task Retry_WaitsItsBackoffInTheWaitingRoom_ThenComesBackWithItsAttemptAndReason()
    {
        await using var store = Open();
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("later"), One, default));
        var taken = Assert.Single(await TakeAsync(store, "orders", 1));

        var retried = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        await store.RetryAsync(taken, retried + 1500, "backendUnavailable", default);

        Assert.Equal(1u, await RabbitMqBroker.ReadyAsync(_prefix + "orders.retry"));
        Assert.Empty(await store.TakeDueAsync("orders", 10, long.MaxValue, default));
        var back = Assert.Single(await TakeAsync(store, "orders", 1));
        var waited = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() - retried;
        Assert.True(waited >= 1400, $"it came back after {waited} ms, before its 1500 ms backoff");
        Assert.Equal((1, "backendUnavailable", "later"), (back.Attempts, back.Reason, Encoding.UTF8.GetString(back.Body)));
        Assert.Equal(taken.EnqueuedAt, back.EnqueuedAt);
    }

    [RabbitMqFact]
    public async Task Depth_CountsTheAgeOfAMessageItPutInTheWaitingRoom_UntilAnotherReplicaMayHaveTakenIt()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var store = Open(time: clock);
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("waits"), One, default));
        var taken = Assert.Single(await TakeAsync(store, "orders", 1));

        await store.RetryAsync(taken, clock.GetUtcNow().ToUnixTimeMilliseconds() + 60_000, "backendUnavailable", default);

        Assert.Equal(1234567, store.Depth("orders").OldestEnqueuedAt);
        clock.Advance(TimeSpan.FromMinutes(2.5));
        Assert.Equal(0, store.Depth("orders").OldestEnqueuedAt);
    }

    [RabbitMqFact]
    public async Task DeadLetter_IsListedWithItsReason_ReplayPutsItBackWithAttemptsReset_PurgeDropsThem()
    {
        await using var store = Open();
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("poison"), One, default));
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("poison 2"), One, default));
        foreach (var message in await TakeAsync(store, "orders", 2))
        {
            await store.DeadLetterAsync(message with { Attempts = 4 }, "the service answered with a fault (5 attempts)", default);
        }

        var letters = await store.DeadLettersAsync("orders", 10, default);
        Assert.Equal(2, letters.Count);
        Assert.All(letters, letter => Assert.Equal(("the service answered with a fault (5 attempts)", 5, "c"), (letter.Reason, letter.Attempts, letter.Cluster)));

        // Listing keeps them: a second look sees the same two.
        Assert.Equal(2, (await store.DeadLettersAsync("orders", 10, default)).Count);
        await Eventually.TrueAsync(() => Task.FromResult(store.Depth("orders").DeadLetters == 2), "the dead letters are counted");

        Assert.Equal(2, await store.ReplayAsync("orders", default));
        var replayed = await TakeAsync(store, "orders", 2);
        Assert.Equal(["poison", "poison 2"], replayed.Select(message => Encoding.UTF8.GetString(message.Body)).Order(StringComparer.Ordinal));
        Assert.All(replayed, message => Assert.Equal((0, null), (message.Attempts, message.Reason)));

        foreach (var message in replayed)
        {
            await store.DeadLetterAsync(message, "again", default);
        }

        Assert.Equal(2, await store.PurgeAsync("orders", default));
        Assert.Empty(await store.DeadLettersAsync("orders", 10, default));
    }

    [RabbitMqFact]
    public async Task DeadLetterReplayAndPurge_AreCountedAtOnce_NotAtTheNextRefresh()
    {
        // The clock never moves, so the store's 2 s refresh from the broker never runs: what Depth says is the store's own.
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var store = Open(time: clock);
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("poison"), One, default));
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("poison 2"), One, default));
        foreach (var message in await TakeAsync(store, "orders", 2))
        {
            await store.DeadLetterAsync(message, "the service answered with a fault", default);
        }

        Assert.Equal(2, store.Depth("orders").DeadLetters);
        Assert.Equal(2, await store.ReplayAsync("orders", default));
        Assert.Equal(0, store.Depth("orders").DeadLetters);
        foreach (var message in await TakeAsync(store, "orders", 2))
        {
            await store.DeadLetterAsync(message, "again", default);
        }

        Assert.Equal(2, store.Depth("orders").DeadLetters);
        Assert.Equal(2, await store.PurgeAsync("orders", default));
        Assert.Equal(0, store.Depth("orders").DeadLetters);
    }

    [RabbitMqFact]
    public async Task Append_PastMaxBytes_IsRefusedAsFull_AndWhatWasKeptStays()
    {
        await using var store = Open(maxBytes: 1 << 20);
        var body = new string('x', 200 * 1024);
        var results = new List<StoreResult>();
        for (var i = 0; i < 8; i++)
        {
            results.Add(await store.AppendAsync(Message(body), One, default));
        }

        Assert.Equal(StoreResult.Stored, results[0]);
        Assert.Contains(StoreResult.Full, results);
        var stored = results.Count(result => result == StoreResult.Stored);
        Assert.InRange(stored, 4, 6);
        Assert.Equal((uint)stored, await RabbitMqBroker.ReadyAsync(_prefix + "orders"));
    }

    [RabbitMqFact]
    public async Task Append_SameMessageIdTwice_IsKeptOnce()
    {
        await using var store = Open();

        var first = await store.AppendAsync(Message("a") with { MessageId = "urn:uuid:dup" }, One, default);
        var second = await store.AppendAsync(Message("a again") with { MessageId = "urn:uuid:dup" }, One, default);

        Assert.Equal((StoreResult.Stored, StoreResult.Duplicate), (first, second));
        Assert.Equal(1u, await RabbitMqBroker.ReadyAsync(_prefix + "orders"));
    }

    [RabbitMqFact]
    public async Task BrokerLost_RefusesInsteadOfAcknowledging_SaysWhy_AndIsUsedAgainWhenItIsBack()
    {
        await using var tap = TcpTap.Start(RabbitMqBroker.Port);
        await using var store = Open(uri: RabbitMqBroker.Through(tap.Port));
        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message("before"), One, default));

        tap.Cut();
        var during = await store.AppendAsync(Message("during"), One, default);

        Assert.Equal(StoreResult.Unavailable, during);
        Assert.NotNull(store.Trouble);
        Assert.Equal(StoreResult.Unavailable, await store.AppendAsync(Message("still during"), One, default));

        tap.Restore();
        await Eventually.TrueAsync(async () => await store.AppendAsync(Message("after"), One, default) == StoreResult.Stored, "the store uses the broker again");
        Assert.Null(store.Trouble);
        var kept = (await TakeAsync(store, "orders", 2)).Select(message => Encoding.UTF8.GetString(message.Body)).ToList();
        Assert.Equal(["after", "before"], kept.Order(StringComparer.Ordinal));
    }

    [RabbitMqFact]
    public async Task ReplicaDies_WhatItHeldUnacknowledged_IsDeliveredByAnother()
    {
        await using var tap = TcpTap.Start(RabbitMqBroker.Port);
        var dying = Open(uri: RabbitMqBroker.Through(tap.Port));
        await using var other = Open();
        for (var i = 0; i < 5; i++)
        {
            Assert.Equal(StoreResult.Stored, await dying.AppendAsync(Message($"m{i}"), One, default));
        }

        var held = await TakeAsync(dying, "orders", 5);
        Assert.Equal(5, held.Count);

        // Its connection dies with it (a SIGKILL): nothing was acknowledged, so the broker hands all five to the other.
        tap.Cut();
        var delivered = await TakeAsync(other, "orders", 5);
        Assert.Equal(Enumerable.Range(0, 5).Select(i => $"m{i}"), delivered.Select(message => Encoding.UTF8.GetString(message.Body)).Order(StringComparer.Ordinal));
        await dying.DisposeAsync();
    }

    private static StoredMessage Message(string body) => new()
    {
        Queue = "orders",
        Route = "orders",
        Cluster = "c",
        Listener = "soap12",
        ContentType = "application/soap+xml; charset=utf-8",
        Body = Encoding.UTF8.GetBytes(body),
        EnqueuedAt = 1234567,
    };

    /// <summary>Takes from <paramref name="queue"/> until <paramref name="count"/> messages came (the broker pushes them a moment after they are published).</summary>
    private static async Task<List<StoredMessage>> TakeAsync(RabbitMqMessageStore store, string queue, int count)
    {
        var taken = new List<StoredMessage>();
        await Eventually.TrueAsync(
            async () =>
            {
                taken.AddRange(await store.TakeDueAsync(queue, count - taken.Count, long.MaxValue, default));
                return taken.Count >= count;
            },
            $"{count} messages arrive in {queue}");
        return taken;
    }

    private RabbitMqMessageStore Open(long maxBytes = 1L << 30, string? uri = null, TimeProvider? time = null) =>
        new(
            new QueuesConfig { Store = QueueStores.RabbitMq, MaxBytes = maxBytes, RabbitMq = new RabbitMqConfig { Uri = uri ?? RabbitMqBroker.Uri, QueuePrefix = _prefix } },
            NullLogger.Instance,
            queue =>
            {
                lock (_arrivals)
                {
                    _arrivals.Add(queue);
                }
            },
            time);
}
