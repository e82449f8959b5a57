using System.Net;
using System.Text.Json;
using Microsoft.Extensions.Logging;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// The response cache with Redis as the shared second level: a real redis-server on a free port, two router replicas
/// in front of one BackendStub, raw SOAP 1.2 requests; Redis killed under load and started again.
/// </summary>
public sealed class ResponseCacheRedisTests
{
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(30) };

    [RedisFact]
    public async Task TwoReplicas_SharingOneRedis_ServeEachOthersEntries_AndAnInvalidationReachesBoth()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var stub = await RunningStub.StartAsync();
        await using var first = await ListeningRouter.StartAsync(Config(stub, redis.Configuration));
        await using var second = await ListeningRouter.StartAsync(Config(stub, redis.Configuration));
        await WaitConnectedAsync(first);
        await WaitConnectedAsync(second);

        await GetOrdersAsync(first, 7);
        await Eventually.TrueAsync(async () => (await redis.CommandAsync("DBSIZE")) != ":0", "the first replica's entry reaches Redis");
        await GetOrdersAsync(second, 7);
        var afterBoth = await ResponseCacheFixture.GetOrdersCallsAsync(stub);

        using var invalidated = await Http.PostAsync(new Uri(first.Host.AdminAddress!, "/cache/invalidate?route=orders"), content: null);
        using var result = JsonDocument.Parse(await invalidated.Content.ReadAsStringAsync());
        await Eventually.TrueAsync(() => Task.FromResult(second.Statistics.Cache("orders").Entries == 0), "the other replica drops its in-process entry");
        await GetOrdersAsync(second, 7);

        Assert.Equal(1, afterBoth);
        Assert.Equal(1, second.Statistics.Cache("orders").Hits);
        Assert.Equal("published", result.RootElement.GetProperty("replicas").GetString());
        Assert.Equal(2, await ResponseCacheFixture.GetOrdersCallsAsync(stub));
        Assert.Equal(1, second.Host.Cache.Snapshot().Redis!.InvalidationsReceived);

        // Starting while the connection was being made is not Redis being down: nothing was skipped or failed.
        Assert.Equal((0, 0), (first.Host.Cache.Snapshot().Redis!.Errors, second.Host.Cache.Snapshot().Redis!.Errors));
    }

    [RedisFact]
    public async Task RedisKilledUnderLoad_FailsNoRequest_ThenComesBack()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(Config(stub, redis.Configuration));
        await WaitConnectedAsync(router);
        var failures = 0;
        var answered = 0;
        using var stop = new CancellationTokenSource();

        // Eight clients, 80% of their requests repeated keys, for the whole time Redis is up, down and up again.
        var load = Enumerable.Range(0, 8).Select(worker => Task.Run(async () =>
        {
            var random = new Random(worker);
            while (!stop.IsCancellationRequested)
            {
                var orders = random.NextDouble() < 0.8 ? 1 + random.Next(5) : 10 + random.Next(1000);
                try
                {
                    var reply = await Http.SendAsync(router.Address("soap12"), StubEnvelopes.GetOrders(WireBindings.Soap12Http, orders, to: router.Address("soap12")));
                    if (reply.StatusCode == HttpStatusCode.OK && reply.ReadOrders()!.Length == orders)
                    {
                        Interlocked.Increment(ref answered);
                    }
                    else
                    {
                        Interlocked.Increment(ref failures);
                    }
                }
                catch (HttpRequestException)
                {
                    Interlocked.Increment(ref failures);
                }
            }
        })).ToArray();

        await Task.Delay(TimeSpan.FromSeconds(1));
        await redis.KillAsync();
        await Eventually.TrueAsync(() => Task.FromResult(!router.Host.Cache.Snapshot().Redis!.Connected), "the router sees Redis gone");
        var answeredWhileDown = Volatile.Read(ref answered);
        await Task.Delay(TimeSpan.FromSeconds(2));
        var downAnswers = Volatile.Read(ref answered) - answeredWhileDown;
        await redis.StartAgainAsync();
        await WaitConnectedAsync(router, TimeSpan.FromSeconds(30));
        await Task.Delay(TimeSpan.FromSeconds(1));
        await stop.CancelAsync();
        await Task.WhenAll(load);

        Assert.Equal(0, failures);
        Assert.True(downAnswers > 0, "requests were answered while Redis was down");
        Assert.True(router.Statistics.Cache("orders").Hits > 0);
        Assert.True(router.Host.Cache.Snapshot().Redis!.Errors > 0, "commands skipped while Redis was down are counted");
        await router.Log.WaitFor(LogLevel.Warning, "Redis unavailable").WaitAsync(TimeSpan.FromSeconds(15));
        Assert.Single(router.Log.Entries, e => e.Message.Contains("Redis unavailable", StringComparison.Ordinal));
    }

    [RedisFact]
    public async Task Miss_IsAnsweredWhileItsRedisWriteIsHeld_AndTheNextRequestIsAHit()
    {
        await using var redis = await RedisServer.StartAsync();
        await using var stub = await RunningStub.StartAsync();

        // The write may wait here far longer than the tests' 2 s command timeout: it is held, not lost.
        await using var router = await ListeningRouter.StartAsync(Config(stub, redis.Configuration + ",asyncTimeout=60000"));
        await WaitConnectedAsync(router);

        // Redis holds every write (reads still answer) until the test lets them go: the miss's store cannot finish.
        Assert.Equal("+OK", await redis.CommandAsync("CLIENT PAUSE 60000 WRITE"));
        await GetOrdersAsync(router, 9);
        var keysWhenAnswered = await redis.CommandAsync("DBSIZE");
        var counters = router.Statistics.Cache("orders");
        var whenAnswered = (counters.Misses, counters.Hits, counters.NotStored);

        Assert.Equal("+OK", await redis.CommandAsync("CLIENT UNPAUSE"));
        await Eventually.TrueAsync(async () => (await redis.CommandAsync("DBSIZE")) != ":0", "the held write reaches Redis once let go");
        await GetOrdersAsync(router, 9);

        Assert.Equal(":0", keysWhenAnswered);
        Assert.Equal((1L, 0L, 0L), whenAnswered);
        Assert.Equal((1L, 1L, 0L), (counters.Misses, counters.Hits, counters.Joins));
        Assert.Equal(1, await ResponseCacheFixture.GetOrdersCallsAsync(stub));
        Assert.Equal(0, router.Host.Cache.Snapshot().Redis!.Errors);
    }

    [Fact]
    public async Task RedisNotThereAtStart_TheRouterStartsAndCachesInProcess()
    {
        // A port that refuses for the whole test: one that was merely free could be taken by another test's listener.
        using var nothingThere = FreePort.Refusing();
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(Config(stub, $"127.0.0.1:{FreePort.PortOf(nothingThere)},connectTimeout=500"));

        // HybridCache counts an entry invalid while its read of the route's tag time (from Redis, ended by the failed
        // first attempt) has not finished. On a loaded machine that read can still be queued when a fast first call
        // is answered, so a first request (another key) lets it finish before the two that are counted.
        await GetOrdersAsync(router, 1);
        await GetOrdersAsync(router, 3);
        await GetOrdersAsync(router, 3);

        Assert.Equal(2, await ResponseCacheFixture.GetOrdersCallsAsync(stub));
        Assert.Equal(1, router.Statistics.Cache("orders").Hits);
        Assert.False(router.Host.Cache.Snapshot().Redis!.Connected);
    }

    private static RouterConfig Config(RunningStub stub, string redis) => ListeningRouter.Config(
        [
            TestConfigs.Route("orders", "stub", TestConfigs.MatchAll()) with
            {
                IdempotentActions = [OrderServiceActions.GetOrders],
                Cache = ResponseCacheFixture.Cache([OrderServiceActions.GetOrders]),
            },
        ],
        new() { ["stub"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).ToString()]) })
        with
    {
        Cache = new CacheConfig { Redis = new RedisCacheConfig { Configuration = redis } },
    };

    private static async Task GetOrdersAsync(ListeningRouter router, int orders)
    {
        var address = router.Address("soap12");
        var request = StubEnvelopes.GetOrders(WireBindings.Soap12Http, orders, to: address);
        var reply = await Http.SendAsync(address, request);
        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal(orders, reply.ReadOrders()!.Length);
        Assert.Equal(request.MessageId, reply.AddressingHeader("RelatesTo"));
    }

    private static Task WaitConnectedAsync(ListeningRouter router, TimeSpan? within = null) =>
        Eventually.TrueAsync(() => Task.FromResult(router.Host.Cache.Snapshot().Redis!.Connected), "the router connects to Redis", within);
}
