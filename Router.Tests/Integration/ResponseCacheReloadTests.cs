using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>A config reload that changes a route's cached actions or TTL takes effect without a restart.</summary>
public sealed class ResponseCacheReloadTests
{
    [Fact]
    public async Task Reload_ThatDropsAnAction_StopsCachingIt_AndOneThatShortensTheTtl_EndsEntriesSooner()
    {
        await using var stub = await RunningStub.StartAsync();
        var config = Config(stub, [OrderServiceActions.GetOrders], TimeSpan.FromMinutes(10));
        await using var router = await ListeningRouter.StartAsync(config);
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, router.Address("soap12"));

        await client.Channel.GetOrdersAsync(5);
        await client.Channel.GetOrdersAsync(5);
        var cachedCalls = await ResponseCacheFixture.GetOrdersCallsAsync(stub);

        await router.ReloadAsync(Config(stub, [EchoServiceActions.Echo], TimeSpan.FromMinutes(10)));
        await client.Channel.GetOrdersAsync(5);
        await client.Channel.GetOrdersAsync(5);
        var uncachedCalls = await ResponseCacheFixture.GetOrdersCallsAsync(stub);

        // Short, but long enough that the second call comes within it on a loaded machine (1 s left that to chance).
        var shortTtl = TimeSpan.FromSeconds(3);
        await router.ReloadAsync(Config(stub, [OrderServiceActions.GetOrders], shortTtl));
        await client.Channel.GetOrdersAsync(5);
        await client.Channel.GetOrdersAsync(5);
        var shortTtlCalls = await ResponseCacheFixture.GetOrdersCallsAsync(stub);
        await Task.Delay(shortTtl + TimeSpan.FromMilliseconds(500));
        await client.Channel.GetOrdersAsync(5);

        Assert.Equal(1, cachedCalls);
        Assert.Equal(3, uncachedCalls);
        Assert.Equal(4, shortTtlCalls);
        Assert.Equal(5, await ResponseCacheFixture.GetOrdersCallsAsync(stub));
    }

    private static RouterConfig Config(RunningStub stub, string[] cached, TimeSpan ttl) => ListeningRouter.Config(
        [
            TestConfigs.Route("orders", "stub", TestConfigs.MatchAll()) with
            {
                IdempotentActions = [OrderServiceActions.GetOrders, EchoServiceActions.Echo],
                Cache = new RouteCacheConfig { Actions = cached, Ttl = ttl },
            },
        ],
        new() { ["stub"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).ToString()]) });
}
