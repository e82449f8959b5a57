using System.Net;
using System.Text;
using System.Xml;
using Microsoft.AspNetCore.Http;
using SoapRouter.Configuration;
using SoapRouter.Metadata;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Metadata;

/// <summary>GET ?wsdl through the router: fetched from a destination, its addresses rewritten to the listener's.</summary>
public sealed class WsdlProxyTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Fact]
    public void Rewrite_PointsAddressesAndImportsAtTheListener_AndLeavesTheRestAlone()
    {
        var wsdl = Wsdl("http://10.0.0.7:9080/basic");

        var rewritten = Encoding.UTF8.GetString(WsdlRewriter.Rewrite(wsdl, new Uri("http://router.dmz:8080/router/basic")));

        Assert.Contains("<soap:address location=\"http://router.dmz:8080/router/basic\" />", rewritten, StringComparison.Ordinal);
        Assert.Contains("<soap12:address location=\"http://router.dmz:8080/router/basic\" />", rewritten, StringComparison.Ordinal);
        Assert.Contains("<wsa10:Address>http://router.dmz:8080/router/basic</wsa10:Address>", rewritten, StringComparison.Ordinal);
        Assert.Contains("schemaLocation=\"http://router.dmz:8080/router/basic?xsd=xsd0\"", rewritten, StringComparison.Ordinal);
        Assert.Contains("soapAction=\"http://tempuri.org/IEchoService/Echo\"", rewritten, StringComparison.Ordinal);
        Assert.DoesNotContain("10.0.0.7", rewritten, StringComparison.Ordinal);
    }

    [Fact]
    public void Rewrite_Dtd_IsRefused() =>
        Assert.Throws<XmlException>(() => WsdlRewriter.Rewrite(
            Encoding.UTF8.GetBytes("<!DOCTYPE x [<!ENTITY e \"boom\">]><x>&e;</x>"), new Uri("http://router/")));

    [Theory]
    [InlineData("?wsdl", true)]
    [InlineData("?WSDL", true)]
    [InlineData("?singleWsdl", true)]
    [InlineData("?xsd=xsd0", true)]
    [InlineData("?wsdl=wsdl1", true)]
    [InlineData("?other", false)]
    [InlineData("", false)]
    public void IsMetadata_KnowsWcfsQueries(string query, bool expected) => Assert.Equal(expected, MetadataQuery.IsMetadata(query));

    [Fact]
    public async Task GetWsdl_OnAListener_ComesFromADestinationOfItsBinding_WithTheListenersAddress()
    {
        await using var other = await RecordingBackend.StartAsync(ServesWsdl("wrong binding"));
        await using var backend = await RecordingBackend.StartAsync(ServesWsdl("basic"));
        var cluster = new ClusterConfig
        {
            Destinations =
            [
                new DestinationConfig { Name = "s12", Address = other.Address("/soap12"), Binding = WireBindingNames.Soap12Http },
                new DestinationConfig { Name = "b", Address = backend.Address("/basic"), Binding = WireBindingNames.BasicHttp },
            ],
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(cluster));
        var listener = router.Address("basic");

        using var response = await Client.GetAsync(new Uri(listener, "?wsdl"));
        var wsdl = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/xml", response.Content.Headers.ContentType!.MediaType);
        Assert.Contains($"location=\"{listener.AbsoluteUri}\"", wsdl, StringComparison.Ordinal);
        Assert.Contains("basic", wsdl, StringComparison.Ordinal);
        Assert.Empty(other.Requests);
        Assert.Equal("?wsdl", Assert.Single(backend.Requests).Query);
    }

    [Fact]
    public async Task GetXsd_IsPassedOnWithItsQuery()
    {
        await using var backend = await RecordingBackend.StartAsync(ServesWsdl("basic"));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address("/basic")])));

        using var response = await Client.GetAsync(new Uri(router.Address("basic"), "?xsd=xsd0"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("?xsd=xsd0", Assert.Single(backend.Requests).Query);
    }

    [Fact]
    public async Task GetWsdl_DestinationDown_502_AndNoRouteByAddress_404()
    {
        var actionOnly = ListeningRouter.Config(
            [TestConfigs.Route("orders", "c", TestConfigs.Action("urn:orders")), TestConfigs.Route("soap12", "dead", TestConfigs.Address("/router/soap12"))],
            new()
            {
                ["c"] = ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/basic"]),
                ["dead"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, ["http://127.0.0.1:1/soap12"], prefix: "dead"),
            });
        await using var router = await ListeningRouter.StartAsync(actionOnly);

        using var noRoute = await Client.GetAsync(new Uri(router.Address("basic"), "?wsdl"));
        using var down = await Client.GetAsync(new Uri(router.Address("soap12"), "?wsdl"));

        Assert.Equal(HttpStatusCode.NotFound, noRoute.StatusCode);
        Assert.Equal(HttpStatusCode.BadGateway, down.StatusCode);
        Assert.DoesNotContain("127.0.0.1:1", await down.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Get_WithoutAMetadataQuery_Is405()
    {
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/basic"])));

        using var response = await Client.GetAsync(router.Address("basic"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    private static Func<HttpContext, ReceivedRequest, RecordingBackend, Task> ServesWsdl(string marker) =>
        async (context, _, backend) =>
        {
            var address = backend.Address(context.Request.Path.Value ?? "/");
            var body = Wsdl(address, marker);
            context.Response.ContentType = "text/xml; charset=utf-8";
            await context.Response.Body.WriteAsync(body);
        };

    private static byte[] Wsdl(string address, string marker = "") => Encoding.UTF8.GetBytes($"""
        <wsdl:definitions name="{marker}" targetNamespace="http://tempuri.org/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:wsa10="http://www.w3.org/2005/08/addressing" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
          <wsdl:types><xsd:schema><xsd:import schemaLocation="{address}?xsd=xsd0" namespace="http://tempuri.org/" /></xsd:schema></wsdl:types>
          <wsdl:binding name="b"><wsdl:operation name="Echo"><soap:operation soapAction="http://tempuri.org/IEchoService/Echo" /></wsdl:operation></wsdl:binding>
          <wsdl:service name="S">
            <wsdl:port name="p1" binding="tns:b"><soap:address location="{address}" /></wsdl:port>
            <wsdl:port name="p2" binding="tns:b"><soap12:address location="{address}" /><wsa10:EndpointReference><wsa10:Address>{address}</wsa10:Address></wsa10:EndpointReference></wsdl:port>
          </wsdl:service>
        </wsdl:definitions>
        """);
}
