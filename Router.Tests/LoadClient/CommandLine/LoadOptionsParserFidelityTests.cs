using LoadClient.CommandLine;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.LoadClient.CommandLine;

/// <summary>--addressing (the WS-Addressing variant of soap12Http, binaryHttp and netTcp) and --operation subscribe with --callbacks (duplex on net.tcp).</summary>
public sealed class LoadOptionsParserFidelityTests
{
    private const string HttpUrl = "http://127.0.0.1:8080/router/binary";
    private const string TcpUrl = "net.tcp://127.0.0.1:8808/router";

    [Theory]
    [InlineData("binaryHttp", "august2004")]
    [InlineData("soap12Http", "AUGUST2004")]
    [InlineData("binaryHttp", "1.0")]
    [InlineData("netTcp", "august2004")]
    public void Parse_Addressing_PicksTheBindingsVariant(string binding, string addressing)
    {
        var url = binding == "netTcp" ? TcpUrl : HttpUrl;
        var result = LoadOptionsParser.Parse(["--url", url, "--client", "wcf", "--binding", binding, "--addressing", addressing]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        Assert.Same(WireBindings.Find(binding, encoding: null, addressing.ToLowerInvariant()), result.Options!.Binding);
        Assert.Equal(addressing.ToLowerInvariant(), result.Options.Binding.Addressing);
    }

    [Fact]
    public void Parse_August2004Binary_IsTheStockAugust2004CustomBinding()
    {
        var options = LoadOptionsParser.Parse(["--url", HttpUrl, "--client", "wcf", "--binding", "binaryHttp", "--addressing", "august2004"]).Options!;

        Assert.Same(WireBindings.BinaryHttpAugust2004, options.Binding);
        Assert.Equal(System.ServiceModel.Channels.MessageVersion.Soap12WSAddressingAugust2004, options.Binding.MessageVersion);
    }

    [Theory]
    [InlineData("basicHttp", HttpUrl, "august2004", "'--addressing' applies to soap12Http, binaryHttp and netTcp only; binding 'basicHttp' has no WS-Addressing")]
    [InlineData("binaryHttp", HttpUrl, "2004", "Option '--addressing' must be one of 1.0, august2004; got '2004'")]
    public void Parse_AddressingWhereThereIsNone_IsAnError(string binding, string url, string addressing, string expected)
    {
        var result = LoadOptionsParser.Parse(["--url", url, "--client", "wcf", "--binding", binding, "--addressing", addressing]);

        var error = Assert.Single(result.Errors);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_Subscribe_OnNetTcp_TakesCallbacks_AndDefaultsToTen()
    {
        var given = LoadOptionsParser.Parse(["--url", TcpUrl, "--client", "wcf", "--binding", "netTcp", "--operation", "subscribe", "--callbacks", "25"]);
        var defaulted = LoadOptionsParser.Parse(["--url", TcpUrl, "--client", "wcf", "--binding", "netTcp", "--operation", "subscribe"]);

        Assert.True(given.Succeeded, string.Join("; ", given.Errors));
        Assert.Equal(LoadOperation.Subscribe, given.Options!.Operation);
        Assert.Equal(25, given.Options.Callbacks);
        Assert.Equal(10, defaulted.Options!.Callbacks);
    }

    [Theory]
    [InlineData(new[] { "--url", HttpUrl, "--client", "wcf", "--binding", "binaryHttp", "--operation", "subscribe" }, "it needs '--binding netTcp'; got 'binaryHttp'")]
    [InlineData(new[] { "--url", TcpUrl, "--client", "wcf", "--binding", "netTcp", "--callbacks", "3" }, "'--callbacks' applies to '--operation subscribe' only")]
    [InlineData(new[] { "--url", TcpUrl, "--client", "wcf", "--binding", "netTcp", "--operation", "subscribe", "--callbacks", "10001" }, "--callbacks")]
    [InlineData(new[] { "--url", TcpUrl, "--client", "wcf", "--binding", "netTcp", "--operation", "subscribe", "--serializer", "protobuf" }, "IProtoOrderService has no duplex operation")]
    public void Parse_SubscribeWhereItDoesNotFit_IsOneError(string[] args, string expected)
    {
        var result = LoadOptionsParser.Parse(args);

        var error = Assert.Single(result.Errors);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }
}
