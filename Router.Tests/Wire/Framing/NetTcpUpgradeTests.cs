using Microsoft.Extensions.Logging;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// The stream upgrade state machine of NetTcpServerSession ([MC-NMF] 3.1.4.8) over in-memory pipes, with an upgrade
/// whose "encryption" flips every byte: Upgrade Request, Upgrade Response, the upgrade's handshake, the rest of the
/// preamble and the session through the upgraded stream; refusals; reuse starting plain again.
/// </summary>
public sealed class NetTcpUpgradeTests : IDisposable
{
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task Upgrade_ThenTheRestOfThePreambleAndTheSessionGoThroughTheUpgradedStream_WithTheClientCertificate()
    {
        var certificate = _pki.Client("partner-a").Certificate;
        var upgrade = new XorStreamUpgrade(certificate);
        await using var net = InMemoryNetTcp.Start(upgrade: upgrade);

        var secure = await UpgradeAsync(net);
        await secure.SendAsync(FramingBytes.PreambleEnd);
        Assert.True((await secure.ReadRecordAsync())!.IsPreambleAck);
        var codecs = new ClientSessionCodecs();
        await secure.SendAsync(InMemoryNetTcp.Request(codecs, "through the upgrade", out var id));
        var reply = await secure.ReadRecordAsync();

        Assert.Equal(ServerRecord.SizedEnvelope, reply!.Type);
        Assert.Equal(["through the upgrade"], net.Endpoint.Received);
        Assert.True(net.Endpoint.Requests.TryPeek(out var request));
        Assert.Same(certificate, request.ClientCertificate);
        Assert.Equal(1, upgrade.Upgrades);
        await net.Logger.WaitFor(LogLevel.Debug, "net.tcp connection upgraded to application/test-xor");
    }

    [Fact]
    public async Task PreambleEndWithoutTheRequiredUpgrade_IsUpgradeInvalid_ThenTheConnectionCloses()
    {
        await using var net = InMemoryNetTcp.Start(upgrade: new XorStreamUpgrade());

        await net.Client.SendAsync(FramingBytes.Preamble(InMemoryNetTcp.Via));

        await net.Client.ExpectFaultAsync(FramingFaults.UpgradeInvalid);
        net.Clock.Advance(TimeSpan.FromSeconds(3));
        await net.WaitForEndAsync();
        Assert.Equal(0, net.Endpoint.Entered);
        await net.Logger.WaitFor(LogLevel.Information, "requires the application/test-xor upgrade");
    }

    [Theory]
    [InlineData("application/negotiate")]
    [InlineData("application/ssl-tls")]
    [InlineData("APPLICATION/TEST-XOR")]
    public async Task UpgradeRequestForAnotherProtocol_IsUpgradeInvalid(string protocol)
    {
        await using var net = InMemoryNetTcp.Start(upgrade: new XorStreamUpgrade());

        await net.Client.SendAsync(FramingBytes.PreambleWithUpgrade(InMemoryNetTcp.Via, protocol));

        await net.Client.ExpectFaultAsync(FramingFaults.UpgradeInvalid);
    }

    [Fact]
    public async Task WithoutAnUpgradeConfigured_AnyUpgradeRequestIsUpgradeInvalid()
    {
        await using var net = InMemoryNetTcp.Start();

        await net.Client.SendAsync(FramingBytes.PreambleWithUpgrade(InMemoryNetTcp.Via, XorStreamUpgrade.Name));

        await net.Client.ExpectFaultAsync(FramingFaults.UpgradeInvalid);
    }

    [Fact]
    public async Task UpgradeRequest_ForAnUnknownVia_IsEndpointNotFound_BeforeAnyUpgrade()
    {
        var upgrade = new XorStreamUpgrade();
        await using var net = InMemoryNetTcp.Start(upgrade: upgrade);

        await net.Client.SendAsync(FramingBytes.PreambleWithUpgrade(new Uri("net.tcp://backend.test:808/other"), XorStreamUpgrade.Name));

        await net.Client.ExpectFaultAsync(FramingFaults.EndpointNotFound);
        Assert.Equal(0, upgrade.Upgrades);
    }

    [Fact]
    public async Task SecondUpgradeRequest_IsUpgradeInvalid_AnsweredThroughTheUpgradedStream()
    {
        await using var net = InMemoryNetTcp.Start(upgrade: new XorStreamUpgrade());
        var secure = await UpgradeAsync(net);

        await secure.SendAsync(FramingBytes.UpgradeRequest(XorStreamUpgrade.Name));

        await secure.ExpectFaultAsync(FramingFaults.UpgradeInvalid);
    }

    [Fact]
    public async Task OtherRecordAfterTheUpgrade_IsInvalidRecordSequence()
    {
        await using var net = InMemoryNetTcp.Start(upgrade: new XorStreamUpgrade());
        var secure = await UpgradeAsync(net);

        await secure.SendAsync(FramingBytes.End);

        await secure.ExpectFaultAsync(FramingFaults.InvalidRecordSequence);
    }

    [Fact]
    public async Task FailedUpgradeHandshake_ClosesTheConnection_WithoutAFault()
    {
        var upgrade = new XorStreamUpgrade();
        await using var net = InMemoryNetTcp.Start(upgrade: upgrade);
        await net.Client.SendAsync(FramingBytes.PreambleWithUpgrade(InMemoryNetTcp.Via, XorStreamUpgrade.Name));
        Assert.True((await net.Client.ReadRecordAsync())!.IsUpgradeResponse);

        await net.Client.SendAsync([0x16]);

        Assert.Null(await net.Client.ReadRecordAsync());
        await net.WaitForEndAsync();
        Assert.Equal(0, upgrade.Upgrades);
        await net.Logger.WaitFor(LogLevel.Information, "the application/test-xor upgrade's handshake failed");
    }

    [Fact]
    public async Task RestOfThePreamble_MustArriveWithinThePreambleTimeout()
    {
        var upgrade = new XorStreamUpgrade();
        await using var net = InMemoryNetTcp.Start(limits: new NetTcpSessionLimits { PreambleTimeout = TimeSpan.FromSeconds(30) }, upgrade: upgrade);
        var secure = await UpgradeAsync(net);

        net.Clock.Advance(TimeSpan.FromSeconds(30));

        Assert.Null(await secure.ReadRecordAsync());
        await net.WaitForEndAsync();
        Assert.Equal(1, upgrade.Disposed);
    }

    [Fact]
    public async Task ReusedConnection_StartsPlainAgain_AndMustUpgradeAgain()
    {
        var upgrade = new XorStreamUpgrade();
        await using var net = InMemoryNetTcp.Start(upgrade: upgrade);
        var first = await OpenUpgradedSessionAsync(net);
        await first.SendAsync(FramingBytes.End);
        Assert.True((await first.ReadRecordAsync())!.IsEnd);
        await InMemoryNetTcp.WaitForAsync(() => upgrade.Disposed == 1, "the first session's upgrade ended");

        // As a WCF client does with a pooled connection: a plain preamble, a new upgrade, a new session.
        var second = await OpenUpgradedSessionAsync(net);
        var codecs = new ClientSessionCodecs();
        await second.SendAsync(InMemoryNetTcp.Request(codecs, "second session", out _));
        Assert.Equal(ServerRecord.SizedEnvelope, (await second.ReadRecordAsync())!.Type);
        await second.SendAsync(FramingBytes.End);
        Assert.True((await second.ReadRecordAsync())!.IsEnd);

        // And a third that skips the upgrade is refused.
        await net.Client.SendAsync(FramingBytes.Preamble(InMemoryNetTcp.Via));
        await net.Client.ExpectFaultAsync(FramingFaults.UpgradeInvalid);
        net.Clock.Advance(TimeSpan.FromSeconds(3));
        await net.WaitForEndAsync();
        Assert.Equal(2, upgrade.Upgrades);
        Assert.Equal(2, upgrade.Disposed);
    }

    [Fact]
    public async Task Stopping_AnUpgradedSession_AnswersEndThroughTheUpgrade_AndDisposesIt()
    {
        var upgrade = new XorStreamUpgrade();
        var net = InMemoryNetTcp.Start(upgrade: upgrade);
        await using (net)
        {
            var secure = await OpenUpgradedSessionAsync(net);

            await net.Stopping.CancelAsync();

            Assert.True((await secure.ReadRecordAsync())!.IsEnd);
            await net.WaitForEndAsync();
        }

        Assert.Equal(1, upgrade.Disposed);
        Assert.Equal(1, net.SlotReleases);
    }

    /// <summary>Sends the preamble up to the Upgrade Request, reads the Upgrade Response, handshakes: the upgraded client.</summary>
    private static async Task<RawFramingClient> UpgradeAsync(InMemoryNetTcp net)
    {
        await net.Client.SendAsync(FramingBytes.PreambleWithUpgrade(InMemoryNetTcp.Via, XorStreamUpgrade.Name));
        Assert.True((await net.Client.ReadRecordAsync())!.IsUpgradeResponse);
        await XorStreamUpgrade.HandshakeAsync(net.Client);
        return net.Wrapped(stream => new XorStream(stream));
    }

    private static async Task<RawFramingClient> OpenUpgradedSessionAsync(InMemoryNetTcp net)
    {
        var secure = await UpgradeAsync(net);
        await secure.SendAsync(FramingBytes.PreambleEnd);
        Assert.True((await secure.ReadRecordAsync())!.IsPreambleAck);
        return secure;
    }
}
