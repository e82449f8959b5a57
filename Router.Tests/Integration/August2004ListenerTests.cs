using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// A stock WCF client speaking SOAP 1.2 with WS-Addressing August 2004 (it sends an anonymous 2004 ReplyTo with every
/// request, which WCF 10.1 cannot read), as text through a soap12Http listener and as msbin1 through a binaryHttp
/// listener with "addressing": "august2004", bridged to the stub's WS-Addressing 1.0, SOAP 1.1 and net.tcp endpoints,
/// and (msbin1) verbatim to a binaryHttp August 2004 destination.
/// </summary>
public sealed class August2004ListenerTests : IAsyncLifetime
{
    private const string VerbatimListener = "a2004-binary-verbatim";

    // The 2004 anonymous address as a WCF client writes it in msbin1: DictionaryTextWithEndElement, static string 0xD4 ([MC-NBFS]).
    private static readonly byte[] AnonymousReplyTo = [0xAB, 0xD4, 0x01];

    private RunningStub _stub = null!;
    private RecordingBackend _backend = null!;
    private ListeningRouter _router = null!;

    public static TheoryData<string, string> Paths => new()
    {
        { WireBindingNames.Soap12Http, WireBindingNames.Soap12Http },
        { WireBindingNames.Soap12Http, WireBindingNames.BasicHttp },
        { WireBindingNames.Soap12Http, WireBindingNames.NetTcp },
        { WireBindingNames.BinaryHttp, WireBindingNames.Soap12Http },
        { WireBindingNames.BinaryHttp, WireBindingNames.BinaryHttp },
        { WireBindingNames.BinaryHttp, WireBindingNames.BasicHttp },
        { WireBindingNames.BinaryHttp, WireBindingNames.NetTcp },
    };

    public async Task InitializeAsync()
    {
        _stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 12, Profile = PayloadProfile.Compressible, AddressFilter = AddressFilterMode.Default });
        _backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, SoapMediaTypes.Msbin1, PongReply()));
        var listeners = new List<ListenerConfig>();
        var routes = new List<RouteConfig>();
        var clusters = new Dictionary<string, ClusterConfig>();
        foreach (var (listener, backend) in Paths.Select(row => ((string)row[0], (string)row[1])))
        {
            var name = Name(listener, backend);
            listeners.Add(TestConfigs.Listener(name, listener, "http://127.0.0.1:0/router/" + name) with { Addressing = WireAddressingNames.August2004 });
            routes.Add(TestConfigs.Route(name, backend, TestConfigs.Address("/router/" + name)));
            clusters.TryAdd(backend, ListeningRouter.Cluster(backend, [_stub.Address(WireBindings.Get(backend)).AbsoluteUri], prefix: backend));
        }

        var verbatim = ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [_backend.Address("/a2004")], prefix: "a2004");
        clusters["a2004"] = verbatim with { Destinations = [verbatim.Destinations[0] with { Addressing = WireAddressingNames.August2004 }] };
        listeners.Add(TestConfigs.Listener(VerbatimListener, WireBindingNames.BinaryHttp, "http://127.0.0.1:0/router/" + VerbatimListener) with { Addressing = WireAddressingNames.August2004 });
        routes.Add(TestConfigs.Route(VerbatimListener, "a2004", TestConfigs.Address("/router/" + VerbatimListener)));
        _router = await ListeningRouter.StartAsync(ListeningRouter.Config(listeners, routes, clusters));
    }

    public async Task DisposeAsync()
    {

        await _router.DisposeAsync();
        await _backend.DisposeAsync();
        await _stub.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task StockAugust2004Client_EchoAndGetOrders_AreAnswered(string listener, string backend)
    {
        using var echo = StubWcfClient<IEchoService>.Create(August2004Binding(listener), _router.Address(Name(listener, backend)));
        using var orders = StubWcfClient<IOrderService>.Create(August2004Binding(listener), _router.Address(Name(listener, backend)));

        var echoed = await echo.Channel.EchoAsync(new EchoPayload { Text = "2004 <&> héllo", Blob = [1, 2, 3] });
        var received = await orders.Channel.GetOrdersAsync(5);

        Assert.Equal("2004 <&> héllo", echoed.Text);
        Assert.Equal([1, 2, 3], echoed.Blob);
        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Compressible, 12).GetOrders(5), received);
        Assert.Equal(0, (await _stub.StatsAsync()).FaultsReturned);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task StockAugust2004Client_OneWaySubmitOrder_Arrives(string listener, string backend)
    {
        using var client = StubWcfClient<IOrderService>.Create(August2004Binding(listener), _router.Address(Name(listener, backend)));
        var before = (await _stub.StatsAsync()).OneWayReceived;

        await client.Channel.SubmitOrderAsync(new PayloadGenerator(PayloadProfile.Compressible, 2).GetOrders(1)[0]);

        await Eventually.TrueAsync(async () => (await _stub.StatsAsync()).OneWayReceived == before + 1, "the one-way order did not arrive");
    }

    [Fact]
    public async Task StockAugust2004BinaryClient_ToAnAugust2004BinaryDestination_IsForwardedVerbatim()
    {
        using var client = StubWcfClient<IAugust2004Ping>.Create(August2004Binding(WireBindingNames.BinaryHttp), _router.Address(VerbatimListener));

        var answer = await client.Channel.PingAsync("ping");

        Assert.Equal("pong", answer);
        var request = Assert.Single(_backend.Requests);
        Assert.Equal(SoapMediaTypes.Msbin1, request.Header("Content-Type"));

        // The client's anonymous ReplyTo reached the backend: the bytes went as they came (a re-encode would have left it out).
        Assert.True(request.Body.AsSpan().IndexOf(AnonymousReplyTo) >= 0, "the ReplyTo the client sent is not in the forwarded bytes");
        Assert.True(request.Body.AsSpan().IndexOf(Encoding.UTF8.GetBytes(_backend.Address("/a2004"))) >= 0, "To was not spliced to the destination");
    }

    private static string Name(string listener, string backend) => $"a2004-{listener}-{backend}";

    private static CustomBinding August2004Binding(string listener) => listener == WireBindingNames.BinaryHttp
        ? new(
            new BinaryMessageEncodingBindingElement { MessageVersion = MessageVersion.Soap12WSAddressingAugust2004 },
            new HttpTransportBindingElement { MaxReceivedMessageSize = 8 << 20 })
        : new(
            new TextMessageEncodingBindingElement(MessageVersion.Soap12WSAddressingAugust2004, Encoding.UTF8),
            new HttpTransportBindingElement { MaxReceivedMessageSize = 8 << 20 });

    /// <summary>The reply a WCF service on August 2004 msbin1 gives to <see cref="IAugust2004Ping"/>, written by WCF's encoder.</summary>
    private static byte[] PongReply()
    {
        using var body = XmlReader.Create(new StringReader("<PingResponse xmlns=\"urn:a2004\"><PingResult>pong</PingResult></PingResponse>"));
        using var reply = Message.CreateMessage(MessageVersion.Soap12WSAddressingAugust2004, "urn:a2004/pong", body);
        return WireBindings.BinaryHttpAugust2004.CreateCodec(WireLimits.ForSize(1 << 20)).WriteToArray(reply);
    }
}
