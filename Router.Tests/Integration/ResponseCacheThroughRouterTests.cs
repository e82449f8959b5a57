using System.Net;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// The response cache through a real router: stock WCF clients (soap12, msbin1, basicHttp) and raw HTTP to real
/// backends, the stub's request counters telling whether a request reached the backend.
/// </summary>
public sealed class ResponseCacheThroughRouterTests(ResponseCacheFixture fixture) : IClassFixture<ResponseCacheFixture>
{
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(30) };

    [Fact]
    public async Task GetOrders_AskedTwice_SecondIsServedFromTheCache_WithoutABackendCall()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);
        var cacheBefore = fixture.Router.Statistics.Cache("orders").Snapshot();

        var first = await client.Channel.GetOrdersAsync(11);
        var afterFirst = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);
        var second = await client.Channel.GetOrdersAsync(11);
        var afterSecond = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);

        Assert.Equal(11, first.Length);
        Assert.Equal(Ids(first), Ids(second));
        Assert.Equal(before + 1, afterFirst);
        Assert.Equal(afterFirst, afterSecond);
        var cache = fixture.Router.Statistics.Cache("orders").Snapshot();
        Assert.Equal(cacheBefore.Hits + 1, cache.Hits);
        Assert.Equal(cacheBefore.Misses + 1, cache.Misses);
    }

    [Fact]
    public async Task TextAndBinaryAndBasicClients_OfOneRoute_EachGetCorrectReplies_FromTheirOwnEntries()
    {
        using var soap12 = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        using var binary = StubWcfClient<IOrderService>.Create(WireBindings.BinaryHttp, fixture.Router.Address("orders-binary"));
        using var basic = StubWcfClient<IOrderService>.Create(WireBindings.BasicHttp, fixture.Router.Address("orders-basic"));
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);
        var hitsBefore = fixture.Router.Statistics.Cache("orders").Hits;

        var replies = new List<Order[]>();
        for (var round = 0; round < 3; round++)
        {
            replies.Add(await soap12.Channel.GetOrdersAsync(12));
            replies.Add(await binary.Channel.GetOrdersAsync(12));
            replies.Add(await basic.Channel.GetOrdersAsync(12));
        }

        // One backend call per encoding; the other six answers came from the cache, each in its client's encoding.
        Assert.Equal(before + 3, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub));
        Assert.Equal(hitsBefore + 6, fixture.Router.Statistics.Cache("orders").Hits);
        Assert.All(replies, reply => Assert.Equal(Ids(replies[0]), Ids(reply)));
    }

    [Fact]
    public async Task RawRequests_DifferingInMessageIdToPrefixesAndWhitespace_HitTheSameEntry_EachWithItsOwnRelatesTo_AndXCacheSaysSo()
    {
        var address = fixture.Router.Address("orders-soap12");
        var compact = Envelope(address, "urn:uuid:11111111-1111-1111-1111-111111111111", pretty: false);
        var pretty = Envelope(new Uri("http://elsewhere.example/orders"), "urn:uuid:22222222-2222-2222-2222-222222222222", pretty: true);
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);

        var (missStatus, missCache, missBody) = await PostAsync(address, compact);
        var (hitStatus, hitCache, hitBody) = await PostAsync(address, pretty);

        Assert.Equal((HttpStatusCode.OK, "MISS"), (missStatus, missCache));
        Assert.Equal((HttpStatusCode.OK, "HIT"), (hitStatus, hitCache));
        Assert.Equal(before + 1, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub));
        Assert.Contains("urn:uuid:11111111-1111-1111-1111-111111111111</a:RelatesTo>", missBody, StringComparison.Ordinal);
        Assert.Contains("urn:uuid:22222222-2222-2222-2222-222222222222</a:RelatesTo>", hitBody, StringComparison.Ordinal);
        Assert.DoesNotContain("11111111-1111", hitBody, StringComparison.Ordinal);
        Assert.Equal(missBody.Replace("11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222", StringComparison.Ordinal), hitBody);
    }

    [Fact]
    public async Task Bodies_ThatDifferOnlyAfterALongCommonPrefix_AreDifferentKeys()
    {
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        var common = new string('p', 200_000);

        var a = await client.Channel.EchoAsync(new EchoPayload { Text = common + "A" });
        var b = await client.Channel.EchoAsync(new EchoPayload { Text = common + "B" });
        var again = await client.Channel.EchoAsync(new EchoPayload { Text = common + "A" });

        Assert.EndsWith("A", a.Text, StringComparison.Ordinal);
        Assert.EndsWith("B", b.Text, StringComparison.Ordinal);
        Assert.EndsWith("A", again.Text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TwoTenants_WithTheSameRequest_NeverSeeEachOthersData()
    {
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, fixture.Router.Address("tenants"));
        var requestsBefore = fixture.Partners.Requests.Count;

        var answers = new List<(string Tenant, string Text)>();
        foreach (var tenant in new[] { "tenant-a", "tenant-b", "tenant-a", "tenant-b", "tenant-a" })
        {
            answers.Add((tenant, (await EchoAsTenantAsync(client, tenant, "the same question")).Text!));
        }

        Assert.All(answers, answer => Assert.Equal("data of " + answer.Tenant, answer.Text));
        Assert.Equal(requestsBefore + 2, fixture.Partners.Requests.Count);
    }

    [Fact]
    public async Task ReplyWhoseHeadersForbidStoring_IsNeverCached()
    {
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, fixture.Router.Address("tenants"));
        var requestsBefore = fixture.Partners.Requests.Count;

        var first = await EchoAsTenantAsync(client, "no-store", "private question");
        var second = await EchoAsTenantAsync(client, "no-store", "private question");

        Assert.Equal(("data of no-store", "data of no-store"), (first.Text, second.Text));
        Assert.Equal(requestsBefore + 2, fixture.Partners.Requests.Count);
    }

    [Fact]
    public async Task Fault_IsNeverCached()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("faulty"));
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.FaultyStub);

        await Assert.ThrowsAsync<FaultException>(() => client.Channel.GetOrdersAsync(3));
        await Assert.ThrowsAsync<FaultException>(() => client.Channel.GetOrdersAsync(3));

        Assert.Equal(before + 2, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.FaultyStub));
        Assert.Equal(0, fixture.Router.Statistics.Cache("faulty").Hits);
        Assert.True(fixture.Router.Statistics.Cache("faulty").NotStored >= 2);
    }

    [Fact]
    public async Task ReplyLargerThanMaxEntryBytes_PassesThroughUncached()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("small"));
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);

        var first = await client.Channel.GetOrdersAsync(40);
        var second = await client.Channel.GetOrdersAsync(40);

        Assert.Equal((40, 40), (first.Length, second.Length));
        Assert.Equal(before + 2, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub));
        Assert.Equal(0, fixture.Router.Statistics.Cache("small").Entries);
    }

    [Fact]
    public async Task SubmitOrder_OneWay_IsNeverCached()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        var before = (await fixture.Stub.StatsAsync()).OneWayReceived;
        var order = new Order { CustomerId = 4, OrderItems = [new OrderLine { ItemId = 1, Quantity = 1 }] };

        await client.Channel.SubmitOrderAsync(order);
        await client.Channel.SubmitOrderAsync(order);

        await Eventually.TrueAsync(async () => (await fixture.Stub.StatsAsync()).OneWayReceived == before + 2, "both one-way messages reach the backend");
    }

    [Fact]
    public async Task HundredConcurrentMisses_OfOneKey_WhileTheBackendIsSlow_MakeOneBackendCall()
    {
        using (var latency = await Http.PutAsync(new Uri(fixture.SlowStub.Address(WireBindings.Soap12Http), "/stub/latency?ms=1500"), content: null))
        {
            latency.EnsureSuccessStatusCode();
        }

        var address = fixture.Router.Address("slow");
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.SlowStub);
        var cacheBefore = fixture.Router.Statistics.Cache("slow").Snapshot();
        var requests = Enumerable.Range(0, 100).Select(_ => StubEnvelopes.GetOrders(WireBindings.Soap12Http, 21, to: address)).ToArray();

        var replies = await Task.WhenAll(requests.Select(request => Http.SendAsync(address, request)));

        Assert.Equal(before + 1, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.SlowStub));
        for (var i = 0; i < requests.Length; i++)
        {
            Assert.Equal(HttpStatusCode.OK, replies[i].StatusCode);
            Assert.Equal(21, replies[i].ReadOrders()!.Length);
            Assert.Equal(requests[i].MessageId, replies[i].AddressingHeader("RelatesTo"));
        }

        var cache = fixture.Router.Statistics.Cache("slow").Snapshot();
        Assert.Equal(cacheBefore.Misses + 1, cache.Misses);
        Assert.Equal(99, cache.Joins + cache.Hits - cacheBefore.Joins - cacheBefore.Hits);
        Assert.True(cache.Joins - cacheBefore.Joins > 0, "callers that asked while the backend call was under way are counted as joins");
    }

    [Fact]
    public async Task StatsAndMetrics_ShowTheCachePerRoute()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        await client.Channel.GetOrdersAsync(13);
        await client.Channel.GetOrdersAsync(13);
        var admin = fixture.Router.Host.AdminAddress!;

        using var stats = JsonDocument.Parse(await Http.GetStringAsync(new Uri(admin, "/stats")));
        var metrics = await Http.GetStringAsync(new Uri(admin, "/metrics"));

        var orders = stats.RootElement.GetProperty("cache").GetProperty("routes").GetProperty("orders");
        Assert.True(orders.GetProperty("hits").GetInt64() >= 1);
        Assert.True(orders.GetProperty("bytes").GetInt64() > 0);
        Assert.True(stats.RootElement.GetProperty("cache").GetProperty("memoryLimitBytes").GetInt64() > 0);
        Assert.Contains("soaprouter_cache_result=\"hit\",soaprouter_route=\"orders\"}", MetricLines(metrics, "soaprouter_cache_lookups_total{"), StringComparison.Ordinal);
        Assert.Contains("soaprouter_route=\"orders\"}", MetricLines(metrics, "soaprouter_cache_bytes{"), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Invalidate_ByRoute_OnTheAdminAddress_MakesTheNextRequestMiss()
    {
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));
        await client.Channel.GetOrdersAsync(14);
        var admin = fixture.Router.Host.AdminAddress!;
        var before = await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub);

        using var refused = await Http.GetAsync(new Uri(admin, "/cache/invalidate?route=orders"));
        using var unclear = await Http.PostAsync(new Uri(admin, "/cache/invalidate"), content: null);
        using var invalidated = await Http.PostAsync(new Uri(admin, "/cache/invalidate?route=orders"), content: null);
        using var result = JsonDocument.Parse(await invalidated.Content.ReadAsStringAsync());
        await client.Channel.GetOrdersAsync(14);

        Assert.Equal(HttpStatusCode.MethodNotAllowed, refused.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, unclear.StatusCode);
        Assert.Equal(HttpStatusCode.OK, invalidated.StatusCode);
        Assert.True(result.RootElement.GetProperty("dropped").GetInt32() >= 1);
        Assert.Equal("local", result.RootElement.GetProperty("replicas").GetString());
        Assert.Equal(before + 1, await ResponseCacheFixture.GetOrdersCallsAsync(fixture.Stub));
    }

    [Fact]
    public async Task ServerSpan_CarriesCacheHit()
    {
        using var spans = new SpanCollector("SoapRouter");
        using var client = StubWcfClient<IOrderService>.Create(WireBindings.Soap12Http, fixture.Router.Address("orders-soap12"));

        await client.Channel.GetOrdersAsync(15);
        await client.Channel.GetOrdersAsync(15);

        await Eventually.TrueAsync(
            () => Task.FromResult(spans.Where(span => span.GetTagItem("cache.hit") is bool).Count >= 2), "both server spans carry cache.hit");
        var tags = spans.Where(span => span.GetTagItem("cache.hit") is bool).Select(span => (bool)span.GetTagItem("cache.hit")!).ToList();
        Assert.Contains(false, tags);
        Assert.Contains(true, tags);
    }

    private static async Task<EchoPayload> EchoAsTenantAsync(StubWcfClient<IEchoService> client, string tenant, string text)
    {
        using var scope = new OperationContextScope((IContextChannel)client.Channel);
        OperationContext.Current.OutgoingMessageHeaders.Add(MessageHeader.CreateHeader("TenantId", "urn:tenant", tenant));
        return await client.Channel.EchoAsync(new EchoPayload { Text = text });
    }

    private static string MetricLines(string metrics, string prefix) =>
        string.Join('\n', metrics.Split('\n').Where(line => line.StartsWith(prefix, StringComparison.Ordinal)));

    private static string[] Ids(Order[] orders) => [.. orders.Select(o => $"{o.CustomerId}/{o.OrderItems?.Length}")];

    private static async Task<(HttpStatusCode Status, string? XCache, string Body)> PostAsync(Uri address, string envelope)
    {
        using var content = new StringContent(envelope, Encoding.UTF8);
        content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse("application/soap+xml; charset=utf-8");
        using var response = await Http.PostAsync(address, content);
        var xcache = response.Headers.TryGetValues("X-Cache", out var values) ? values.Single() : null;
        return (response.StatusCode, xcache, await response.Content.ReadAsStringAsync());
    }

    /// <summary>GetOrders(16) as text written by hand: compact with default namespaces, or indented with prefixes.</summary>
    private static string Envelope(Uri to, string messageId, bool pretty)
    {
        const string Action = OrderServiceActions.GetOrders;
        if (!pretty)
        {
            return "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
                + $"<a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>{messageId}</a:MessageID>"
                + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>"
                + $"<a:To s:mustUnderstand=\"1\">{to}</a:To></s:Header><s:Body><GetOrders xmlns=\"http://tempuri.org/\"><numOrders>16</numOrders></GetOrders></s:Body></s:Envelope>";
        }

        return $"""
            <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" xmlns:wsa="http://www.w3.org/2005/08/addressing">
              <env:Header>
                <wsa:Action env:mustUnderstand="1">{Action}</wsa:Action>
                <wsa:MessageID>{messageId}</wsa:MessageID>
                <wsa:ReplyTo><wsa:Address>http://www.w3.org/2005/08/addressing/anonymous</wsa:Address></wsa:ReplyTo>
                <wsa:To env:mustUnderstand="1">{to}</wsa:To>
              </env:Header>
              <env:Body>
                <t:GetOrders xmlns:t="http://tempuri.org/">
                  <t:numOrders>16</t:numOrders>
                </t:GetOrders>
              </env:Body>
            </env:Envelope>
            """;
    }
}
