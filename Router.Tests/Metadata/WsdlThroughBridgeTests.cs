using System.Net;
using System.Xml.Linq;
using BackendStub.Hosting;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wsdl;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Metadata;

/// <summary>
/// ?wsdl through a listener whose route leads to a service of another binding: the WSDL describes the listener (its
/// SOAP version, HTTP at the router's address, its encoding's policy), so a client generated from it works against the router.
/// </summary>
public sealed class WsdlThroughBridgeTests
{
    private static readonly HttpClient Http = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };
    private static readonly XNamespace Wsdl = WsdlNamespaces.Wsdl;
    private static readonly XNamespace Soap11 = WsdlNamespaces.Soap11Binding;
    private static readonly XNamespace Soap12 = WsdlNamespaces.Soap12Binding;
    private static readonly XNamespace Wsp = WsdlNamespaces.Policy;

    [Fact]
    public async Task BasicHttpListener_InFrontOfNetTcp_ServesASoap11HttpBindingAtTheRoutersAddress()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await ListeningRouter.StartAsync(OneWayFromWsdlTests.CatchAllToNetTcp(stub, metadata: true));
        var listener = router.Address("basic");

        var wsdl = await GetWsdlAsync(listener);

        Assert.DoesNotContain(wsdl.Descendants(), e => e.Name.Namespace == Soap12);
        var bindings = wsdl.Root!.Elements(Wsdl + "binding").ToList();
        Assert.Equal(3, bindings.Count);
        Assert.All(bindings, b => Assert.Equal(WsdlNamespaces.SoapHttpTransport, (string?)b.Element(Soap11 + "binding")?.Attribute("transport")));
        Assert.Empty(wsdl.Descendants(Wsp + "PolicyReference"));
        Assert.All(
            wsdl.Root.Element(Wsdl + "service")!.Elements(Wsdl + "port"),
            p => Assert.Equal(listener.AbsoluteUri, (string?)p.Element(Soap11 + "address")?.Attribute("location")));
        Assert.DoesNotContain("net.tcp:", wsdl.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task BinaryHttpListener_InFrontOfBasicHttp_ServesSoap12WithTheMsbin1Assertion()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [stub.Address(WireBindings.BasicHttp).AbsoluteUri])));
        var listener = router.Address("binary");

        var wsdl = await GetWsdlAsync(listener);

        Assert.DoesNotContain(wsdl.Descendants(), e => e.Name.Namespace == Soap11);
        var assertions = wsdl.Root!.Elements(Wsp + "Policy").Select(p => p.Descendants(Wsp + "All").Single().Elements().Select(e => e.Name).ToList()).ToList();
        Assert.Equal(3, assertions.Count);
        Assert.All(assertions, a => Assert.Equal(
            [XName.Get("BinaryEncoding", WsdlNamespaces.BinaryEncodingPolicy), XName.Get("UsingAddressing", WsdlNamespaces.AddressingWsdl)], a));
        Assert.All(wsdl.Root.Elements(Wsdl + "binding"), b => Assert.NotNull(b.Element(Wsp + "PolicyReference")));
        Assert.All(
            wsdl.Root.Element(Wsdl + "service")!.Elements(Wsdl + "port"),
            p => Assert.Equal(listener.AbsoluteUri, (string?)p.Element(Soap12 + "address")?.Attribute("location")));
    }

    [Fact]
    public async Task NetTcpOnlyClusterWithoutMetadataAddress_Is404_NotAnError()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await ListeningRouter.StartAsync(OneWayFromWsdlTests.CatchAllToNetTcp(stub, metadata: false));

        using var response = await Http.GetAsync(new Uri(router.Address("basic"), "?wsdl"));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [ZeepFact]
    public async Task Zeep_BasicListenerInFrontOfNetTcp_CallsTheNetTcpServiceThroughTheRouter()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Seed = 9, Profile = PayloadProfile.Compressible });
        await using var router = await ListeningRouter.StartAsync(OneWayFromWsdlTests.CatchAllToNetTcp(stub, metadata: true));

        using var result = await ZeepRun.CallAsync(new Uri(router.Address("basic"), "?wsdl"), "--text", "zeep to net.tcp", "--blob-hex", "0a0b", "--orders", "2");

        var root = result.RootElement;
        Assert.Equal("zeep to net.tcp", root.GetProperty("echo").GetProperty("text").GetString());
        Assert.Equal("0a0b", root.GetProperty("echo").GetProperty("blobHex").GetString());
        var expected = new PayloadGenerator(PayloadProfile.Compressible, 9).GetOrders(2);
        Assert.Equal(expected.Select(o => o.CustomerId), root.GetProperty("orders").EnumerateArray().Select(o => o.GetProperty("customerId").GetInt32()));
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Actions[EchoServiceActions.Echo]);
        Assert.Equal(1, stats.Actions[OrderServiceActions.GetOrders]);
        Assert.Equal(2, router.Statistics.Snapshot().Paths.Reencoded.Messages);
    }

    private static async Task<XDocument> GetWsdlAsync(Uri listener)
    {
        using var response = await Http.GetAsync(new Uri(listener, "?wsdl"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return XDocument.Parse(await response.Content.ReadAsStringAsync());
    }
}
