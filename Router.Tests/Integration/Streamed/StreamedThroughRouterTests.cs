using System.Net;
using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// Stock WCF clients with TransferMode.Streamed (<c>BasicHttpBinding { TransferMode = Streamed, MaxReceivedMessageSize =
/// long.MaxValue }</c> and its soap12Http and msbin1 counterparts) through streamed listeners to the stub's streamed
/// endpoints, verbatim and re-encoded: uploads and downloads arrive byte for byte (SHA-256 at both ends).
/// </summary>
public sealed class StreamedThroughRouterTests(StreamedRouterFixture fixture) : IClassFixture<StreamedRouterFixture>
{
    private const long Moderate = 16L << 20;
    private const long Large = 64L << 20;

    public static TheoryData<string> Bridges => new(StreamedRouterFixture.Bridges.Select(bridge => bridge.Name));

    [Theory]
    [MemberData(nameof(Bridges))]
    public async Task Upload_ThroughTheRouter_ArrivesByteExact_OnTheExpectedPath(string name)
    {
        var bridge = StreamedRouterFixture.Find(name);
        using var client = Client(bridge);
        var before = fixture.Router.Statistics.Snapshot().Paths;

        var digest = await client.Channel.UploadAsync(new PatternStream(Moderate));

        Assert.Equal(StreamDigest.OfPattern(Moderate), digest);
        var after = fixture.Router.Statistics.Snapshot().Paths;
        Assert.Equal(before.Verbatim.Messages + (bridge.Verbatim ? 1 : 0), after.Verbatim.Messages);
        Assert.Equal(before.Reencoded.Messages + (bridge.Verbatim ? 0 : 1), after.Reencoded.Messages);
    }

    [Theory]
    [MemberData(nameof(Bridges))]
    public async Task Download_ThroughTheRouter_ArrivesByteExact(string name)
    {
        using var client = Client(StreamedRouterFixture.Find(name));

        await using var stream = await client.Channel.DownloadAsync(Moderate);

        Assert.Equal(StreamDigest.OfPattern(Moderate), await StreamDigest.OfAsync(stream));
    }

    [Theory]
    [InlineData("basic-basic")]
    [InlineData("basic-binary")]
    public async Task Upload64MB_VerbatimAndBridged_ArrivesByteExact_AndIsCountedAsItPassed(string name)
    {
        using var client = Client(StreamedRouterFixture.Find(name));
        var before = fixture.Router.Statistics.Snapshot().Routes[name];

        var digest = await client.Channel.UploadAsync(new PatternStream(Large));

        Assert.Equal(StreamDigest.OfPattern(Large), digest);

        // The request's bytes are counted as they passed, after the message was counted (text carries the bytes as base64).
        var after = fixture.Router.Statistics.Snapshot().Routes[name];
        Assert.Equal(before.Messages + 1, after.Messages);
        Assert.InRange(after.BytesIn - before.BytesIn, Large * 4 / 3, Large * 4 / 3 + 4096);
    }

    [Theory]
    [InlineData("basic-basic")]
    [InlineData("binary-basic")]
    public async Task Download64MB_VerbatimAndBridged_ArrivesByteExact(string name)
    {
        using var client = Client(StreamedRouterFixture.Find(name));

        await using var stream = await client.Channel.DownloadAsync(Large);

        Assert.Equal(StreamDigest.OfPattern(Large), await StreamDigest.OfAsync(stream));
    }

    [Fact]
    public async Task Soap12Verbatim_ToSplicedInTheHeaderSection_TheStubsAddressFilterAcceptsIt()
    {
        // The client addresses the router; the stub (WCF's default address filter) answers only to its own address.
        using var client = Client(StreamedRouterFixture.Find("soap12-soap12"));

        var digest = await client.Channel.UploadAsync(new PatternStream(1000));

        Assert.Equal(StreamDigest.OfPattern(1000), digest);
    }

    [Fact]
    public async Task HeaderSectionPastTheLimit_IsRefusedWith413()
    {
        var padding = new string('x', 80 * 1024);
        var envelope = $"""<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><p xmlns="urn:pad">{padding}</p></s:Header><s:Body><Upload xmlns="http://tempuri.org/"/></s:Body></s:Envelope>""";
        using var content = new StringContent(envelope, System.Text.Encoding.UTF8, "text/xml");
        content.Headers.TryAddWithoutValidation("SOAPAction", "\"" + StreamedServiceActions.Upload + "\"");

        using var response = await fixture.Stub.Client.PostAsync(fixture.Router.Address("basic-basic"), content);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Contains("header section", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    private StubWcfClient<IStreamedService> Client(StreamedRouterFixture.Bridge bridge) =>
        StubWcfClient<IStreamedService>.Create(bridge.Client.CreateStreamedClientBinding(WireLimits.Default), fixture.Router.Address(bridge.Name));
}
