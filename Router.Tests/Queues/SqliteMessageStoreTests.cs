using System.Text;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Queues;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Queues;

/// <summary>
/// The local queue store on a real SQLite file in a temporary folder: what is kept survives closing and reopening (and a
/// torn tail of its journal), a full store or disk refuses instead of keeping, the same MessageID is kept once, and a
/// message ends completed, rescheduled or dead-lettered, with replay and purge.
/// </summary>
public sealed class SqliteMessageStoreTests : IDisposable
{
    private static readonly QueueTarget[] One = [new("orders", "c")];
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task Append_ThenReopen_KeepsEveryMessageInOrder_AndTakeDueReturnsThemOldestFirst()
    {
        await using (var store = Open())
        {
            for (var i = 0; i < 20; i++)
            {
                Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message($"m{i}"), One, default));
            }
        }

        await using var reopened = Open();
        var due = await reopened.TakeDueAsync("orders", 100, long.MaxValue, default);

        Assert.Equal(Enumerable.Range(0, 20).Select(i => $"m{i}"), due.Select(message => Encoding.UTF8.GetString(message.Body)));
        Assert.All(due, message => Assert.Equal(("orders", "c", "soap12"), (message.Queue, message.Cluster, message.Listener)));
        Assert.Equal(20, reopened.Depth("orders").Messages);
        Assert.Equal((10 * 2) + (10 * 3), reopened.Depth("orders").Bytes);
    }

    [Fact]
    public async Task Append_ToARouteAndItsCopies_KeepsOneMessagePerQueue_EachToItsCluster()
    {
        await using var store = Open();

        var result = await store.AppendAsync(Message("copied"), [new("orders", "c"), new("orders->audit", "audit")], default);

        Assert.Equal(StoreResult.Stored, result);
        var own = Assert.Single(await store.TakeDueAsync("orders", 10, long.MaxValue, default));
        var copy = Assert.Single(await store.TakeDueAsync("orders->audit", 10, long.MaxValue, default));
        Assert.Equal(("c", "audit"), (own.Cluster, copy.Cluster));
        Assert.Equal(["orders", "orders->audit"], (await store.QueuesAsync(default)).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Append_SameMessageIdTwice_IsKeptOnce()
    {
        await using var store = Open();

        var first = await store.AppendAsync(Message("a") with { MessageId = "urn:uuid:1" }, One, default);
        var second = await store.AppendAsync(Message("a again") with { MessageId = "urn:uuid:1" }, One, default);

        Assert.Equal((StoreResult.Stored, StoreResult.Duplicate), (first, second));
        Assert.Equal("a", Encoding.UTF8.GetString(Assert.Single(await store.TakeDueAsync("orders", 10, long.MaxValue, default)).Body));
    }

    [Fact]
    public async Task Append_PastMaxBytes_IsRefusedAsFull_AndNothingIsKept()
    {
        await using var store = new SqliteMessageStore(_directory.Path, maxBytes: 100, NullLogger.Instance);

        Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message(new string('a', 60)), One, default));
        Assert.Equal(StoreResult.Full, await store.AppendAsync(Message(new string('b', 60)), One, default));

        Assert.Equal(1, store.Depth("orders").Messages);
    }

    [Fact]
    public async Task Append_WhenTheDiskIsFull_IsRefusedAsFull_AndWhatWasKeptStays()
    {
        // SQLite's own cap on its file: the same SQLITE_FULL a full disk gives.
        await using var store = new SqliteMessageStore(_directory.Path, maxBytes: 1L << 30, NullLogger.Instance, maxPageCount: 64);
        var body = new string('x', 8000);
        var results = new List<StoreResult>();
        for (var i = 0; i < 200 && (results.Count == 0 || results[^1] == StoreResult.Stored); i++)
        {
            results.Add(await store.AppendAsync(Message(body), One, default));
        }

        Assert.Equal(StoreResult.Full, results[^1]);
        var kept = results.Count(result => result == StoreResult.Stored);
        Assert.True(kept > 0, "nothing was kept before the disk filled");
        Assert.Equal(kept, (await store.TakeDueAsync("orders", 1000, long.MaxValue, default)).Count);
        Assert.Equal(kept, store.Depth("orders").Messages);
    }

    [Fact]
    public async Task Reopen_AfterATornTailOfTheJournal_KeepsEveryCommittedMessage()
    {
        var store = Open();
        for (var i = 0; i < 10; i++)
        {
            Assert.Equal(StoreResult.Stored, await store.AppendAsync(Message($"m{i}"), One, default));
        }

        // A crash mid-write leaves a partial frame at the end of the write-ahead log: garbage SQLite's checksums reject.
        var wal = Path.Combine(_directory.Path, "messages.db-wal");
        Assert.True(File.Exists(wal), "the store keeps a write-ahead log");
        var copy = Path.Combine(_directory.Path, "crash");
        Directory.CreateDirectory(copy);
        File.Copy(Path.Combine(_directory.Path, "messages.db"), Path.Combine(copy, "messages.db"));
        File.Copy(wal, Path.Combine(copy, "messages.db-wal"));
        await using (var torn = File.Open(Path.Combine(copy, "messages.db-wal"), FileMode.Append))
        {
            torn.Write(Encoding.ASCII.GetBytes(new string('?', 3000)));
        }

        await store.DisposeAsync();
        await using var recovered = new SqliteMessageStore(copy, 1L << 30, NullLogger.Instance);

        var due = await recovered.TakeDueAsync("orders", 100, long.MaxValue, default);
        Assert.Equal(Enumerable.Range(0, 10).Select(i => $"m{i}"), due.Select(message => Encoding.UTF8.GetString(message.Body)));
        Assert.Equal(StoreResult.Stored, await recovered.AppendAsync(Message("after"), One, default));
    }

    [Fact]
    public async Task Complete_Retry_DeadLetter_Replay_Purge_MoveMessagesAndCounts()
    {
        await using var store = Open();
        for (var i = 0; i < 4; i++)
        {
            await store.AppendAsync(Message($"m{i}") with { EnqueuedAt = 1000 + i }, One, default);
        }

        var due = await store.TakeDueAsync("orders", 10, 2000, default);
        await store.CompleteAsync(due[0], default);
        await store.RetryAsync(due[1], due: 5000, "connectionRefused", default);
        await store.DeadLetterAsync(due[2], "the service answered with a fault (10 attempts)", default);

        // The rescheduled one is not due before its time, and does not hold the one behind it.
        Assert.Equal(["m3"], (await store.TakeDueAsync("orders", 10, 2000, default)).Select(message => Encoding.UTF8.GetString(message.Body)));
        Assert.Equal(1003, await store.NextDueAsync("orders", default));
        var retried = (await store.TakeDueAsync("orders", 10, 5000, default)).Single(message => Encoding.UTF8.GetString(message.Body) == "m1");
        Assert.Equal((1, "connectionRefused"), (retried.Attempts, retried.Reason));
        Assert.Equal(new QueueDepth(2, 4, 1001, 1), store.Depth("orders"));

        var dead = Assert.Single(await store.DeadLettersAsync("orders", 10, default));
        Assert.Equal(("m2".Length, "the service answered with a fault (10 attempts)"), (dead.Body.Length, dead.Reason));

        Assert.Equal(1, await store.ReplayAsync("orders", default));
        Assert.Equal(3, store.Depth("orders").Messages);
        Assert.Equal(0, store.Depth("orders").DeadLetters);
        var replayed = (await store.TakeDueAsync("orders", 10, 2000, default)).Single(message => Encoding.UTF8.GetString(message.Body) == "m2");
        Assert.Equal(0, replayed.Attempts);

        await store.DeadLetterAsync(replayed, "again", default);
        Assert.Equal(1, await store.PurgeAsync("orders", default));
        Assert.Equal(new QueueDepth(2, 4, 1001, 0), store.Depth("orders"));
    }

    private SqliteMessageStore Open() => new(_directory.Path, 1L << 30, NullLogger.Instance);

    private static StoredMessage Message(string body) => new()
    {
        Queue = "orders",
        Route = "orders",
        Cluster = "c",
        Listener = "soap12",
        ContentType = "application/soap+xml; charset=utf-8",
        Body = Encoding.UTF8.GetBytes(body),
        EnqueuedAt = 1,
    };
}
