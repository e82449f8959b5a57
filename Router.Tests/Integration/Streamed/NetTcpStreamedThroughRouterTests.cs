using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Integration.Streamed;

/// <summary>
/// Stock WCF clients with <c>NetTcpBinding(SecurityMode.None) { TransferMode = Streamed, MaxReceivedMessageSize =
/// long.MaxValue }</c> (the singleton-unsized framing mode) through streamed netTcp listeners to the stub's streamed HTTP
/// endpoints: verbatim to msbin1, re-encoded to text; uploads and downloads byte for byte (SHA-256 at both ends).
/// </summary>
public sealed class NetTcpStreamedThroughRouterTests(NetTcpStreamedFixture fixture) : IClassFixture<NetTcpStreamedFixture>
{
    private const long Moderate = 16L << 20;

    public static TheoryData<string> Bridges => new(NetTcpStreamedFixture.Bridges.Select(bridge => bridge.Name));

    [Theory]
    [MemberData(nameof(Bridges))]
    public async Task Upload_NetTcpStreamedToHttpStreamed_ArrivesByteExact_OnTheExpectedPath(string name)
    {
        using var client = NetTcpStreamedFixture.Client(fixture.Router, name);
        var before = fixture.Router.Statistics.Snapshot().Paths;

        var digest = await client.Channel.UploadAsync(new PatternStream(Moderate));

        Assert.Equal(StreamDigest.OfPattern(Moderate), digest);
        var after = fixture.Router.Statistics.Snapshot().Paths;
        var verbatim = name == "tcp-binary";
        Assert.Equal(before.Verbatim.Messages + (verbatim ? 1 : 0), after.Verbatim.Messages);
        Assert.Equal(before.Reencoded.Messages + (verbatim ? 0 : 1), after.Reencoded.Messages);
    }

    [Theory]
    [MemberData(nameof(Bridges))]
    public async Task Download_HttpStreamedToNetTcpStreamed_ArrivesByteExact(string name)
    {
        using var client = NetTcpStreamedFixture.Client(fixture.Router, name);

        await using var stream = await client.Channel.DownloadAsync(Moderate);

        Assert.Equal(StreamDigest.OfPattern(Moderate), await StreamDigest.OfAsync(stream));
    }

    [Fact]
    public async Task SeveralMessagesOnOneClient_ReuseTheConnection_EachArrivesByteExact()
    {
        using var client = NetTcpStreamedFixture.Client(fixture.Router, "tcp-binary");

        for (var i = 1; i <= 3; i++)
        {
            var size = i * (1L << 20) + i;
            Assert.Equal(StreamDigest.OfPattern(size), await client.Channel.UploadAsync(new PatternStream(size)));
            await using var stream = await client.Channel.DownloadAsync(size);
            Assert.Equal(StreamDigest.OfPattern(size), await StreamDigest.OfAsync(stream));
        }
    }

    [Fact]
    public async Task BufferedNetTcpClient_ToAStreamedListener_IsRefused_AndTheListenerStillServesStreamedClients()
    {
        // A buffered NetTcpBinding opens a duplex session: the streamed listener answers the framing fault UnsupportedMode.
        using var buffered = StubWcfClient<IStreamedService>.Create(
            WireBindings.NetTcp.CreateClientBinding(WireLimits.Default), fixture.Router.Address("tcp-binary"));

        await Assert.ThrowsAnyAsync<CommunicationException>(() => buffered.Channel.DownloadAsync(16));

        using var streamed = NetTcpStreamedFixture.Client(fixture.Router, "tcp-binary");
        Assert.Equal(StreamDigest.OfPattern(1 << 20), await streamed.Channel.UploadAsync(new PatternStream(1 << 20)));
    }
}
