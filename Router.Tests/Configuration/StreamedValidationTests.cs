using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>transportMode on listeners and destinations, limits.streamed, and what a route fed by a streamed listener may do.</summary>
public sealed class StreamedValidationTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void Validate_StreamedHttpListenerToStreamedDestinations_IsValid(string binding) =>
        Assert.Empty(Errors(Streamed(binding, Destination("d", binding) with { TransportMode = TransportModes.Streamed })));

    [Fact]
    public void Validate_XPathFilterOnARouteOfAStreamedListener_IsAnErrorAtTheFilter()
    {
        var config = Streamed(WireBindingNames.BasicHttp, StreamedDestination()) with
        {
            Routes = [Route("by-body", "echo", Action("urn:a"), new FilterConfig { Type = FilterTypes.XPath, Expression = "/a" })],
        };

        AssertSingleError(config, "routes[0].filters[1]", "an xpath filter reads the message body, which the router never holds for streamed listener 'up'");
    }

    [Fact]
    public void Validate_XPathFilterOnARouteWhoseAddressFilterLeavesTheStreamedListenerOut_IsValid()
    {
        var config = Streamed(WireBindingNames.BasicHttp, StreamedDestination()) with
        {
            Listeners =
            [
                Listener("up", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/router/up") with { TransportMode = TransportModes.Streamed },
                Listener("plain", WireBindingNames.BasicHttp, "http://127.0.0.1:8080/router/plain"),
            ],
            Routes =
            [
                Route("by-body", "echo", Address("/router/plain"), new FilterConfig { Type = FilterTypes.XPath, Expression = "/a" }),
                Route("streams", "echo", Address("/router/up")),
            ],
        };

        Assert.Empty(Errors(config));
    }

    [Fact]
    public void Validate_StreamedListenerRoutedToABufferedDestination_NamesTheDestination() =>
        AssertSingleError(
            Streamed(WireBindingNames.BasicHttp, Destination("slow")),
            "routes[0].cluster",
            "route 'all' takes messages from streamed listener 'up', but destination 'slow' of cluster 'echo' is not streamed");

    [Fact]
    public void Validate_StreamedNetTcpListenerToStreamedHttpDestinations_IsValid() =>
        Assert.Empty(Errors(
            WithCluster(Cluster(Destination("d", WireBindingNames.BinaryHttp) with { TransportMode = TransportModes.Streamed })) with
            {
                Listeners = [Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/tcp") with { TransportMode = TransportModes.Streamed }],
            }));

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.NetTcp)]
    public void Validate_StreamedListenerToAStreamedNetTcpDestination_IsValid(string listener) =>
        Assert.Empty(Errors(Streamed(listener, StreamedNetTcpDestination())));

    [Fact]
    public void Validate_BufferedListenerRoutedToAStreamedNetTcpDestination_NamesTheListener() =>
        AssertHasError(
            Errors(WithCluster(Cluster(StreamedNetTcpDestination()))),
            "routes[0].cluster",
            "but destination 'd' of cluster 'echo' is a streamed netTcp one, which takes streamed messages only");

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.NetTcp)]
    public void Validate_TlsOnAStreamedNetTcpDestination_IsValid(string listener) =>
        Assert.Empty(Errors(Streamed(listener, StreamedNetTcpDestination() with
        {
            Tls = new DestinationTlsConfig { ServerName = "localhost" },
        })));

    [Fact]
    public void Validate_StreamedMtomDestination_IsAnError() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d") with { Encoding = WireEncodingNames.Mtom, TransportMode = TransportModes.Streamed })),
            "clusters.echo.destinations[0].transportMode",
            "not for mtom");

    [Fact]
    public void Validate_UnknownTransportMode_ListsTheValidOnes() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d") with { TransportMode = "chunked" })),
            "clusters.echo.destinations[0].transportMode",
            "unknown transport mode 'chunked'; valid: buffered, streamed");

    [Fact]
    public void Validate_CompressionOnAStreamedListener_IsAnError() =>
        AssertSingleError(
            Streamed(WireBindingNames.BasicHttp, StreamedDestination()) with
            {
                Listeners = [StreamedListener(WireBindingNames.BasicHttp) with { Compression = new() }],
            },
            "listeners[0].compression",
            "replies on a streamed listener are never compressed");

    [Theory]
    [InlineData(100)]
    [InlineData(128 * 1024 * 1024)]
    public void Validate_HeadersSizeOutOfRange_IsAnError(int size) =>
        AssertSingleError(
            WithLimits(new LimitsConfig { Streamed = new StreamedLimitsConfig { MaxHeadersSize = size } }),
            "limits.streamed.maxHeadersSize",
            "must be between 1024 and 67108864 bytes");

    [Fact]
    public void Load_StreamedKeysFromJson_AreRead()
    {
        var json = """
            {
              "listeners": [{ "name": "up", "binding": "basicHttp", "address": "http://127.0.0.1:8080/up", "transportMode": "streamed" }],
              "routes": [{ "name": "all", "cluster": "c", "filters": [{ "type": "matchAll" }] }],
              "clusters": { "c": { "destinations": [{ "name": "d", "binding": "basicHttp", "address": "http://127.0.0.1:9080/basicStreamed", "transportMode": "streamed" }] } },
              "limits": { "streamed": { "maxMessageSize": 1073741824, "maxHeadersSize": 8192 } }
            }
            """;

        var result = RouterConfigLoader.Load(json);

        Assert.Empty(result.Errors);
        Assert.Equal(TransportModes.Streamed, result.Config!.Listeners[0].TransportMode);
        Assert.Equal(TransportModes.Streamed, result.Config.Clusters["c"].Destinations[0].TransportMode);
        Assert.Equal(1L << 30, result.Config.Limits.Streamed.MaxMessageSize);
        Assert.Equal(8192, result.Config.Limits.Streamed.MaxHeadersSize);
    }

    private static ListenerConfig StreamedListener(string binding) =>
        Listener("up", binding, binding == WireBindingNames.NetTcp ? "net.tcp://127.0.0.1:8808/router/up" : "http://127.0.0.1:8080/router/up") with
        {
            TransportMode = TransportModes.Streamed,
        };

    private static DestinationConfig StreamedNetTcpDestination() =>
        Destination("d", WireBindingNames.NetTcp) with { Address = "net.tcp://127.0.0.1:8809/tcpStreamed", TransportMode = TransportModes.Streamed };

    private static DestinationConfig StreamedDestination() => Destination("d") with { TransportMode = TransportModes.Streamed };

    /// <summary>One streamed listener of <paramref name="binding"/>, a catch-all route to cluster "echo" of <paramref name="destination"/>.</summary>
    private static RouterConfig Streamed(string binding, DestinationConfig destination) =>
        WithCluster(Cluster(destination)) with { Listeners = [StreamedListener(binding)] };
}
