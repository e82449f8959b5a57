using System.ServiceModel.Channels;
using BackendStub.Hosting;
using Microsoft.AspNetCore.Http;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// One router with the response cache in front of real backends: the BackendStub (GetOrders and Echo cached on route
/// "orders", reached by a soap12 client verbatim, an msbin1 client re-encoded and a basicHttp client bridged), a stub
/// that faults every call, a stub for the stampede test (its latency set by each test), and a partner service that
/// answers each tenant (the {urn:tenant}TenantId header) with that tenant's own data, or forbids storing its answer.
/// </summary>
public sealed class ResponseCacheFixture : IAsyncLifetime
{
    /// <summary>The tenant header the "tenants" route varies by.</summary>
    public const string TenantHeader = "{urn:tenant}TenantId";

    internal RunningStub Stub { get; private set; } = null!;

    internal RunningStub FaultyStub { get; private set; } = null!;

    internal RunningStub SlowStub { get; private set; } = null!;

    internal RecordingBackend Partners { get; private set; } = null!;

    internal ListeningRouter Router { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Stub = await RunningStub.StartAsync(new StubOptions { Seed = 11 });
        FaultyStub = await RunningStub.StartAsync(new StubOptions { FaultRate = 1 });
        SlowStub = await RunningStub.StartAsync(new StubOptions { Seed = 12 });
        Partners = await RecordingBackend.StartAsync(AnswerEachTenantAsync);

        var orders = Cache([OrderServiceActions.GetOrders, EchoServiceActions.Echo]);
        string[] idempotent = [OrderServiceActions.GetOrders, EchoServiceActions.Echo];
        Router = await ListeningRouter.StartAsync(new RouterConfig
        {
            Listeners =
            [
                TestConfigs.Listener("orders-soap12", WireBindingNames.Soap12Http, "http://127.0.0.1:0/cache/orders/soap12"),
                TestConfigs.Listener("orders-binary", WireBindingNames.BinaryHttp, "http://127.0.0.1:0/cache/orders/binary"),
                TestConfigs.Listener("orders-basic", WireBindingNames.BasicHttp, "http://127.0.0.1:0/cache/orders/basic"),
                TestConfigs.Listener("faulty", WireBindingNames.Soap12Http, "http://127.0.0.1:0/cache/faulty"),
                TestConfigs.Listener("slow", WireBindingNames.Soap12Http, "http://127.0.0.1:0/cache/slow"),
                TestConfigs.Listener("small", WireBindingNames.Soap12Http, "http://127.0.0.1:0/cache/small"),
                TestConfigs.Listener("tenants", WireBindingNames.Soap12Http, "http://127.0.0.1:0/cache/tenants"),
            ],
            Routes =
            [
                Route("orders", "stub", "/cache/orders/", orders, idempotent),
                Route("faulty", "faulty", "/cache/faulty", orders, idempotent),
                Route("slow", "slow", "/cache/slow", orders, idempotent),
                Route("small", "stub", "/cache/small", orders with { MaxEntryBytes = 3000 }, idempotent),
                Route("tenants", "partners", "/cache/tenants", orders with { VaryByHeaders = [TenantHeader] }, idempotent),
            ],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["stub"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [Stub.Address(WireBindings.Soap12Http).ToString()], prefix: "stub"),
                ["faulty"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [FaultyStub.Address(WireBindings.Soap12Http).ToString()], prefix: "faulty"),
                ["slow"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [SlowStub.Address(WireBindings.Soap12Http).ToString()], prefix: "slow"),
                ["partners"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [Partners.Address("/partners")], prefix: "partners"),
            },
            Cache = new CacheConfig { ExposeHeader = true },
            Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
        });
    }

    public async Task DisposeAsync()
    {
        await Router.DisposeAsync();
        await Stub.DisposeAsync();
        await FaultyStub.DisposeAsync();
        await SlowStub.DisposeAsync();
        await Partners.DisposeAsync();
    }

    /// <summary>A cache section for <paramref name="actions"/> with a TTL no test outlives.</summary>
    internal static RouteCacheConfig Cache(string[] actions) => new() { Actions = actions, Ttl = TimeSpan.FromMinutes(10) };

    /// <summary>How many GetOrders requests <paramref name="stub"/> has read.</summary>
    internal static async Task<long> GetOrdersCallsAsync(RunningStub stub) =>
        (await stub.StatsAsync()).Actions.GetValueOrDefault(OrderServiceActions.GetOrders);

    private static RouteConfig Route(string name, string cluster, string path, RouteCacheConfig cache, string[] idempotent) =>
        TestConfigs.Route(name, cluster, TestConfigs.Address(path, FilterTypes.MatchPrefix)) with
        {
            IdempotentActions = idempotent,
            OneWayActions = [OrderServiceActions.SubmitOrder],
            Cache = cache,
        };

    /// <summary>
    /// The partner service: an Echo answered with "data of" the caller's tenant (its TenantId header, else its
    /// X-Forwarded-Client-Cert subject); tenant "no-store" gets its answer with Cache-Control: no-store.
    /// </summary>
    internal static async Task AnswerEachTenantAsync(HttpContext context, ReceivedRequest received, RecordingBackend backend)
    {
        var codec = StubCodecs.For(WireBindings.Soap12Http);
        using var request = codec.Read(new ArraySegment<byte>(received.Body));
        var index = request.Headers.FindHeader("TenantId", "urn:tenant");
        var caller = index >= 0 ? request.Headers.GetHeader<string>(index) : received.Header("X-Forwarded-Client-Cert") ?? "nobody";
        using var reply = Message.CreateMessage(
            request.Version, EchoServiceActions.EchoResponse, OperationMessages.EchoResponse.ToBody(new EchoPayload { Text = "data of " + caller }));
        reply.Headers.RelatesTo = request.Headers.MessageId;
        var bytes = codec.WriteToArray(reply);
        context.Response.ContentType = codec.ContentType;
        if (caller == "no-store")
        {
            context.Response.Headers.CacheControl = "no-store";
        }

        await context.Response.Body.WriteAsync(bytes);
    }
}
