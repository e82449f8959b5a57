using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Caching;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Caching;

/// <summary>
/// The response cache on its own (real HybridCache, real MemoryCache, no Redis) with a fake clock: what is stored, what
/// a hit carries, TTL, the memory limit, stampedes and invalidation. Productions stand in for the backend call.
/// </summary>
public sealed class ResponseCacheTests : IAsyncDisposable
{
    private const string Soap12Type = "application/soap+xml; charset=utf-8";
    private readonly FakeTimeProvider _time = new();
    private readonly RouterStatistics _statistics = new();
    private ServiceProvider _services;
    private ResponseCache _cache;

    public ResponseCacheTests() => (_services, _cache) = Build(new CacheConfig());

    public ValueTask DisposeAsync() => _services.DisposeAsync();

    [Fact]
    public async Task SecondRequest_IsAHit_WithoutTheBackend_AndCarriesItsOwnRelatesTo()
    {
        var policy = Policy("orders", "urn:a");
        var first = Production(CacheReplies.Reply(WireBindings.Soap12Http, "the orders", "urn:uuid:00000000-0000-0000-0000-000000000001"));
        var second = Production(CacheReplies.Reply(WireBindings.Soap12Http, "never asked", null));

        var miss = await ServeAsync(policy, "urn:a", "body", first, "urn:uuid:00000000-0000-0000-0000-000000000001");
        _time.Advance(TimeSpan.FromSeconds(1));
        var hit = await ServeAsync(policy, "urn:a", "body", second, "urn:uuid:00000000-0000-0000-0000-000000000002");

        Assert.Equal(CacheResult.Miss, miss.Result);
        Assert.Equal(CacheResult.Hit, hit.Result);
        Assert.Equal(1, first.Calls);
        Assert.Equal(0, second.Calls);
        var read = CacheReplies.Read(WireBindings.Soap12Http, hit.Answer!.Encoded!.Body);
        Assert.Equal("urn:uuid:00000000-0000-0000-0000-000000000002", read.RelatesTo);
        Assert.Equal("the orders", read.Body);
        var counters = _statistics.Cache("orders").Snapshot();
        Assert.Equal((1, 1, 0), (counters.Hits, counters.Misses, counters.Joins));
        Assert.Equal(1, counters.Entries);
        Assert.True(counters.Bytes > 0);
    }

    [Fact]
    public async Task BinaryReply_HitCarriesTheNewRelatesTo_AndAFreshMessageId()
    {
        var policy = Policy("orders", "urn:a");
        var stored = CacheReplies.Reply(WireBindings.BinaryHttp, "binary orders", "urn:uuid:00000000-0000-0000-0000-00000000000a", "urn:uuid:00000000-0000-0000-0000-0000000000ff");
        var first = Production(stored, "application/soap+msbin1", binary: true);

        await ServeAsync(policy, "urn:a", "body", first, "urn:uuid:00000000-0000-0000-0000-00000000000a");
        _time.Advance(TimeSpan.FromSeconds(1));
        var hit = await ServeAsync(policy, "urn:a", "body", Production([], "application/soap+msbin1", binary: true), "urn:uuid:00000000-0000-0000-0000-00000000000b");

        var read = CacheReplies.Read(WireBindings.BinaryHttp, hit.Answer!.Encoded!.Body);
        Assert.Equal(CacheResult.Hit, hit.Result);
        Assert.Equal("urn:uuid:00000000-0000-0000-0000-00000000000b", read.RelatesTo);
        Assert.NotEqual("urn:uuid:00000000-0000-0000-0000-0000000000ff", read.MessageId);
        Assert.StartsWith("urn:uuid:", read.MessageId, StringComparison.Ordinal);
        Assert.Equal("binary orders", read.Body);
    }

    [Fact]
    public async Task Ttl_EndsOnTheClock_ThenTheBackendIsAskedAgain()
    {
        var policy = Policy("orders", "urn:a", ttl: TimeSpan.FromSeconds(30));
        var reply = CacheReplies.Reply(WireBindings.Soap12Http, "x", "urn:uuid:00000000-0000-0000-0000-000000000001");

        await ServeAsync(policy, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
        _time.Advance(TimeSpan.FromSeconds(29));
        var before = await ServeAsync(policy, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000002");
        _time.Advance(TimeSpan.FromSeconds(2));
        var after = Production(reply);
        var expired = await ServeAsync(policy, "urn:a", "body", after, "urn:uuid:00000000-0000-0000-0000-000000000003");

        Assert.Equal(CacheResult.Hit, before.Result);
        Assert.Equal(CacheResult.Miss, expired.Result);
        Assert.Equal(1, after.Calls);
        await Eventually.TrueAsync(() => Task.FromResult(_statistics.Cache("orders").Expirations == 1), "the expired entry is counted as expired");
    }

    [Theory]
    [InlineData("fault")]
    [InlineData("status 202")]
    [InlineData("over maxEntryBytes")]
    [InlineData("Cache-Control: no-store")]
    public async Task ReplyNotForOthers_IsNeverStored(string kind)
    {
        var policy = Policy("orders", "urn:a", maxEntryBytes: 2000);
        var reply = kind == "over maxEntryBytes"
            ? CacheReplies.Reply(WireBindings.Soap12Http, new string('x', 5000), "urn:uuid:00000000-0000-0000-0000-000000000001")
            : CacheReplies.Reply(WireBindings.Soap12Http, "x", "urn:uuid:00000000-0000-0000-0000-000000000001");
        FakeProduction Make() => new(() => CacheReplies.Answer(
            reply, Soap12Type, status: kind == "status 202" ? 202 : 200, fault: kind == "fault", forbidsStoring: kind == "Cache-Control: no-store"));

        var first = Make();
        var second = Make();
        var one = await ServeAsync(policy, "urn:a", "body", first, "urn:uuid:00000000-0000-0000-0000-000000000001");
        _time.Advance(TimeSpan.FromSeconds(1));
        var two = await ServeAsync(policy, "urn:a", "body", second, "urn:uuid:00000000-0000-0000-0000-000000000002");

        Assert.Equal((CacheResult.Miss, CacheResult.Miss), (one.Result, two.Result));
        Assert.Equal((1, 1), (first.Calls, second.Calls));
        Assert.Same(reply, one.Answer!.Encoded!.Segment.Array);
        var counters = _statistics.Cache("orders").Snapshot();
        Assert.Equal((2, 0, 0L), (counters.NotStored, counters.Hits, counters.Entries));
    }

    [Fact]
    public async Task ConcurrentMisses_OfOneKey_MakeOneBackendCall_AndTheOthersJoinIt()
    {
        var policy = Policy("orders", "urn:a");
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var reply = CacheReplies.Reply(WireBindings.Soap12Http, "slow orders", "urn:uuid:00000000-0000-0000-0000-000000000000");
        var productions = Enumerable.Range(0, 50).Select(_ => new FakeProduction(() => CacheReplies.Answer(reply, Soap12Type), gate.Task)).ToArray();

        var calls = productions.Select((p, i) => ServeAsync(policy, "urn:a", "body", p, $"urn:uuid:00000000-0000-0000-0000-{i:D12}").AsTask()).ToArray();
        await Eventually.TrueAsync(() => Task.FromResult(productions.Sum(p => p.Calls) == 1), "the first miss starts the backend call");
        gate.SetResult();
        var outcomes = await Task.WhenAll(calls);

        Assert.Equal(1, productions.Sum(p => p.Calls));
        Assert.Equal(1, outcomes.Count(o => o.Result == CacheResult.Miss));
        Assert.Equal(49, outcomes.Count(o => o.Result == CacheResult.Joined));
        for (var i = 0; i < outcomes.Length; i++)
        {
            Assert.Equal($"urn:uuid:00000000-0000-0000-0000-{i:D12}", CacheReplies.Read(WireBindings.Soap12Http, outcomes[i].Answer!.Encoded!.Body).RelatesTo);
        }

        Assert.Equal(49, _statistics.Cache("orders").Joins);
    }

    [Fact]
    public Task Miss_IsAnsweredBeforeItsReplyIsStored_AndTheStoreKeepsItsOwnCopy() => Task.Run(async () =>
    {
        // Off xUnit's synchronization context, so the backend call's completion runs on one thread through to the
        // client's answer (as on Kestrel's threads): what the client sees first is then fixed, not a race.
        var policy = Policy("orders", "urn:a");
        var gate = new TaskCompletionSource();
        var reply = CacheReplies.Reply(WireBindings.Soap12Http, "the orders", "urn:uuid:00000000-0000-0000-0000-000000000001");
        var first = new FakeProduction(() => CacheReplies.Answer(reply, Soap12Type), gate.Task);
        var counters = _statistics.Cache("orders");
        var miss = ServeAsync(policy, "urn:a", "body", first, "urn:uuid:00000000-0000-0000-0000-000000000001").AsTask();
        long? entriesWhenAnswered = null;
        var answered = miss.ContinueWith(
            _ =>
            {
                entriesWhenAnswered = counters.Entries;

                // The client is done with its answer: its buffer goes back to a pool that may hand it out and overwrite it.
                Array.Clear(reply);
            },
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);

        gate.SetResult();
        var outcome = await miss;
        await answered;
        await Eventually.TrueAsync(() => Task.FromResult(counters.Entries == 1), "the reply is stored after its client was answered");
        var second = Production([]);
        var hit = await ServeAsync(policy, "urn:a", "body", second, "urn:uuid:00000000-0000-0000-0000-000000000002");

        Assert.Equal(CacheResult.Miss, outcome.Result);
        Assert.Equal(0L, entriesWhenAnswered);
        Assert.Equal(CacheResult.Hit, hit.Result);
        Assert.Equal(0, second.Calls);
        Assert.Equal("the orders", CacheReplies.Read(WireBindings.Soap12Http, hit.Answer!.Encoded!.Body).Body);
        Assert.Equal((1L, 1L, 0L, 0L), (counters.Hits, counters.Misses, counters.Joins, counters.NotStored));
    });

    [Fact]
    public async Task JoinersOfACallWhoseReplyIsNotStored_EachAskTheBackendThemselves()
    {
        var policy = Policy("orders", "urn:a");
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var fault = CacheReplies.Reply(WireBindings.Soap12Http, "fault", "urn:uuid:00000000-0000-0000-0000-000000000000");
        var productions = Enumerable.Range(0, 10).Select(_ => new FakeProduction(() => CacheReplies.Answer(fault, Soap12Type, status: 500, fault: true), gate.Task)).ToArray();

        var calls = productions.Select((p, i) => ServeAsync(policy, "urn:a", "body", p, $"urn:uuid:00000000-0000-0000-0000-{i:D12}").AsTask()).ToArray();
        await Eventually.TrueAsync(() => Task.FromResult(productions.Sum(p => p.Calls) == 1), "the first miss starts the backend call");
        gate.SetResult();
        var outcomes = await Task.WhenAll(calls);

        Assert.All(productions, p => Assert.Equal(1, p.Calls));
        Assert.All(outcomes, o => Assert.True(o.Result == CacheResult.Miss && o.Answer!.IsFault));
    }

    [Fact]
    public async Task MemoryLimit_Holds_ByEvictingEntries()
    {
        var (policy, reply) = await WithMemoryLimitAsync(20_000);

        for (var i = 0; i < 30; i++)
        {
            await ServeAsync(policy, "urn:a", "body " + i, Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
            _time.Advance(TimeSpan.FromMilliseconds(10));
        }

        var counters = _statistics.Cache("orders");
        await Eventually.TrueAsync(() => Task.FromResult(counters.Evictions > 0 && counters.Bytes <= 20_000), "entries are evicted to stay under 20,000 bytes");
        Assert.InRange(counters.Entries, 1, 6);
        Assert.Equal(30, counters.Entries + counters.Evictions);
    }

    [Fact]
    public async Task MemoryLimit_AFullCache_StoresTheNewReply_ByDroppingTheLeastRecentlyUsed()
    {
        var (policy, reply) = await WithMemoryLimitAsync(20_000);
        var counters = _statistics.Cache("orders");
        var stored = 0;
        while (counters.Bytes + counters.Bytes / Math.Max(1, counters.Entries) <= 20_000 && stored < 20)
        {
            await ServeAsync(policy, "urn:a", "body " + stored++, Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
            _time.Advance(TimeSpan.FromMilliseconds(10));
        }

        // Full: one more reply does not fit. It is stored (the oldest entry makes room), not refused.
        Assert.Equal(0, counters.Evictions);
        await ServeAsync(policy, "urn:a", "the newest", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
        _time.Advance(TimeSpan.FromMilliseconds(10));
        var again = await ServeAsync(policy, "urn:a", "the newest", Production([]), "urn:uuid:00000000-0000-0000-0000-000000000002");
        var oldest = await ServeAsync(policy, "urn:a", "body 0", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000003");

        Assert.Equal(CacheResult.Hit, again.Result);
        Assert.Equal(CacheResult.Miss, oldest.Result);
        await Eventually.TrueAsync(() => Task.FromResult(counters.Evictions > 0 && counters.Bytes <= 20_000), "the oldest entry is counted out");
    }

    [Fact]
    public async Task Invalidate_ByRouteAction_ByAction_AndAll_DropsExactlyThoseEntries()
    {
        var r1 = Policy("r1", "urn:a", "urn:b");
        var r2 = Policy("r2", "urn:a");
        var reply = CacheReplies.Reply(WireBindings.Soap12Http, "x", "urn:uuid:00000000-0000-0000-0000-000000000001");
        await Fill();

        var dropped = await _cache.InvalidateAsync("r1", "urn:a");
        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(1, dropped.Dropped);
        Assert.Equal("local", dropped.Replicas);
        Assert.Equal([CacheResult.Miss, CacheResult.Hit, CacheResult.Hit], await Results());

        await _cache.InvalidateAsync(null, "urn:a");
        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal([CacheResult.Miss, CacheResult.Hit, CacheResult.Miss], await Results());

        await _cache.InvalidateAsync(null, null);
        _time.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal([CacheResult.Miss, CacheResult.Miss, CacheResult.Miss], await Results());
        await Eventually.TrueAsync(() => Task.FromResult(_statistics.Cache("r1").Invalidations >= 3), "dropped entries are counted as invalidated");

        async Task Fill()
        {
            await Results();
            _time.Advance(TimeSpan.FromSeconds(1));
        }

        async Task<CacheResult[]> Results() =>
        [
            (await ServeAsync(r1, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001")).Result,
            (await ServeAsync(r1, "urn:b", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001")).Result,
            (await ServeAsync(r2, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001")).Result,
        ];
    }

    [Fact]
    public async Task Reload_ThatChangesARoutesCache_DropsItsEntries_AndLeavesOthers()
    {
        var orders = Policy("orders", "urn:a");
        var other = Policy("other", "urn:a");
        var reply = CacheReplies.Reply(WireBindings.Soap12Http, "x", "urn:uuid:00000000-0000-0000-0000-000000000001");
        var config = new RouterConfig
        {
            Routes =
            [
                new RouteConfig { Name = "orders", Cache = orders.Config },
                new RouteConfig { Name = "other", Cache = other.Config },
            ],
        };
        _cache.OnReload(config, 1);
        await ServeAsync(orders, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
        await ServeAsync(other, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000001");
        _time.Advance(TimeSpan.FromSeconds(1));

        _cache.OnReload(config with { Routes = [new RouteConfig { Name = "orders", Cache = orders.Config with { Ttl = TimeSpan.FromSeconds(5) } }, config.Routes[1]] }, 2);
        _time.Advance(TimeSpan.FromSeconds(1));

        await Eventually.TrueAsync(() => Task.FromResult(_statistics.Cache("orders").Entries == 0), "the changed route's entries are dropped");
        Assert.Equal(1, _statistics.Cache("other").Entries);
        Assert.Equal(CacheResult.Hit, (await ServeAsync(other, "urn:a", "body", Production(reply), "urn:uuid:00000000-0000-0000-0000-000000000002")).Result);
    }

    private static RouteCachePolicy Policy(string route, params string[] actions) => Policy(route, actions, null, null);

    private static RouteCachePolicy Policy(string route, string action, TimeSpan? ttl = null, long? maxEntryBytes = null) =>
        Policy(route, [action], ttl, maxEntryBytes);

    private static RouteCachePolicy Policy(string route, string[] actions, TimeSpan? ttl, long? maxEntryBytes) => new(route, new RouteCacheConfig
    {
        Actions = actions,
        Ttl = ttl ?? TimeSpan.FromMinutes(1),
        MaxEntryBytes = maxEntryBytes ?? 1 << 20,
    });

    /// <summary>A new cache of <paramref name="limitBytes"/>, the "orders" route's policy, and a reply of about 3.3 KB.</summary>
    private async Task<(RouteCachePolicy Policy, byte[] Reply)> WithMemoryLimitAsync(long limitBytes)
    {
        await _services.DisposeAsync();
        (_services, _cache) = Build(new CacheConfig { MemoryLimitBytes = limitBytes });
        return (Policy("orders", "urn:a"), CacheReplies.Reply(WireBindings.Soap12Http, new string('o', 3000), "urn:uuid:00000000-0000-0000-0000-000000000001"));
    }

    /// <summary>The cache of <paramref name="config"/> as the router's DI builds it, on this test's clock and counters.</summary>
    private (ServiceProvider Services, ResponseCache Cache) Build(CacheConfig config)
    {
        var services = new ServiceCollection()
            .AddSingleton<ILoggerFactory>(NullLoggerFactory.Instance)
            .AddSingleton(typeof(ILogger<>), typeof(Logger<>))
            .AddSingleton<TimeProvider>(_time)
            .AddSingleton(_statistics)
            .AddResponseCache(config, _time)
            .BuildServiceProvider();
        return (services, services.GetRequiredService<ResponseCache>());
    }

    private static FakeProduction Production(byte[] reply, string contentType = Soap12Type, bool binary = false) =>
        new(() => CacheReplies.Answer(reply, contentType)) { Binary = binary };

    private ValueTask<CacheOutcome> ServeAsync(RouteCachePolicy policy, string action, string body, FakeProduction production, string messageId) =>
        _cache.ServeAsync(CacheKey.Format(policy.Route, action, SHA256.HashData(Encoding.UTF8.GetBytes(body))), policy, policy.Find(action)!, production, messageId);
}
