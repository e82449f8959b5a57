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
}
