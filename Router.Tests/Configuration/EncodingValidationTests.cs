using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>The encoding key of listeners and destinations: text or mtom, on the text bindings only.</summary>
public sealed class EncodingValidationTests
{
    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "mtom")]
    [InlineData(WireBindingNames.Soap12Http, "mtom")]
    [InlineData(WireBindingNames.Soap12Http, "text")]
    public void Validate_TextBindingWithTextOrMtom_IsValid(string binding, string encoding)
    {
        var config = WithListeners(Listener("a", binding, "http://127.0.0.1:8080/a") with { Encoding = encoding });
        var withDestination = WithCluster(Cluster(Destination("d", binding) with { Encoding = encoding }));

        Assert.Empty(Errors(config));
        Assert.Empty(Errors(withDestination));
    }

    [Theory]
    [InlineData(WireBindingNames.BinaryHttp, "http://127.0.0.1:8080/a")]
    [InlineData(WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/a")]
    public void Validate_MtomOnABinaryBinding_SaysWhereMtomBelongs(string binding, string address) =>
        AssertSingleError(
            WithListeners(Listener("a", binding, address) with { Encoding = "mtom" }),
            "listeners[0].encoding", $"{binding} has no mtom encoding; text and mtom are for basicHttp and soap12Http");

    [Fact]
    public void Validate_UnknownEncoding_ListsTheValidOnes() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d") with { Encoding = "xop" })),
            "clusters.echo.destinations[0].encoding", "unknown encoding 'xop'; valid encodings: text, mtom");

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void Validate_August2004Destination_IsValid(string binding) =>
        Assert.Empty(Errors(WithCluster(Cluster(Destination("d", binding) with { Addressing = "august2004" }))));

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void Validate_August2004Listener_IsValid(string binding) =>
        Assert.Empty(Errors(WithListeners(Listener("a", binding, "http://127.0.0.1:8080/a") with { Addressing = "august2004" })));

    [Fact]
    public void Validate_August2004NetTcpDestination_IsValid() =>
        Assert.Empty(Errors(WithCluster(Cluster(Destination("d", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/tcp2004") with { Addressing = "august2004" }))));

    [Fact]
    public void Validate_August2004OnAStreamedNetTcpDestination_SaysItIsNotBuilt() =>
        AssertHasError(
            Errors(WithCluster(Cluster(Destination("d", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/tcp2004") with { Addressing = "august2004", TransportMode = "streamed" }))),
            "clusters.echo.destinations[0].addressing", "august2004 on a streamed netTcp destination is not built");

    [Fact]
    public void Validate_August2004NetTcpListener_IsValid() =>
        Assert.Empty(Errors(WithListeners(Listener("a", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/a") with { Addressing = "august2004" })));

    [Fact]
    public void Validate_August2004OnAStreamedNetTcpListener_SaysItIsNotBuilt() =>
        AssertHasError(
            Errors(WithListeners(Listener("a", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/a") with { Addressing = "august2004", TransportMode = "streamed" })),
            "listeners[0].addressing", "a streamed netTcp listener has no august2004 addressing (not built");

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, null, "basicHttp has no august2004 addressing")]
    [InlineData(WireBindingNames.Soap12Http, "mtom", "soap12Http with mtom has no august2004 addressing")]
    public void Validate_August2004WhereItIsNot_SaysWhereItIs(string binding, string? encoding, string fragment) =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d", binding, "http://127.0.0.1:9080/a") with
            {
                Encoding = encoding,
                Addressing = "august2004",
            })),
            "clusters.echo.destinations[0].addressing", fragment);

    [Fact]
    public void Validate_UnknownAddressing_ListsTheValidOnes() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d", WireBindingNames.Soap12Http) with { Addressing = "2004" })),
            "clusters.echo.destinations[0].addressing", "unknown addressing '2004'; valid versions: 1.0, august2004");
}
