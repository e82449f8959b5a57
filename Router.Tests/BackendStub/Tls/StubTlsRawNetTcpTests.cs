using System.Net.Security;
using System.Net.Sockets;
using BackendStub.Hosting;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.Wire.Framing;
using SoapRouter.Tests.Wire.Tls;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.BackendStub.Tls;

/// <summary>
/// The stub's TLS net.tcp port from a raw socket with records written by hand and a real SslStream client: the
/// framing's timers and records work through the TLS stream, and what is not TLS is closed.
/// </summary>
public sealed class StubTlsRawNetTcpTests : IDisposable
{
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task IdleUpgradedSession_GetsEndThroughTls_ThenTheConnectionCloses()
    {
        // The idle timer wakes the read under TLS (a cancelled TLS read), and End still goes out encrypted after it.
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, options: new StubOptions { TcpIdleTimeout = TimeSpan.FromMilliseconds(300) });
        var address = stub.SecureAddress(WireBindings.NetTcp);
        using var tcp = new TcpClient();
        await tcp.ConnectAsync(address.Host, address.Port);
        var raw = new RawFramingClient(tcp.GetStream(), tcp.GetStream());
        await raw.SendAsync(FramingBytes.PreambleWithUpgrade(address, TlsStreamUpgrade.ProtocolName));
        Assert.True((await raw.ReadRecordAsync())!.IsUpgradeResponse);
        await using var tls = new SslStream(tcp.GetStream(), leaveInnerStreamOpen: true);
        await tls.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(_pki.Ca));
        var secure = new RawFramingClient(tls, tls);
        await secure.SendAsync(FramingBytes.PreambleEnd);
        Assert.True((await secure.ReadRecordAsync())!.IsPreambleAck);

        Assert.True((await secure.ReadRecordAsync(TimeSpan.FromSeconds(10)))!.IsEnd);
        await raw.ExpectClosedAsync(TimeSpan.FromSeconds(10));
    }

    [Fact]
    public async Task PlainPreamble_OnTheTlsPort_IsUpgradeInvalid()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        var address = stub.SecureAddress(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);

        await raw.SendAsync(FramingBytes.Preamble(address));

        await raw.ExpectFaultAsync(SoapRouter.Wire.Framing.FramingFaults.UpgradeInvalid);
    }

    [Fact]
    public async Task NotTlsAfterTheUpgradeResponse_ClosesTheConnection_AndCountsNoHandshake()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        var address = stub.SecureAddress(WireBindings.NetTcp);
        await using var raw = await RawFramingClient.ConnectAsync(address);
        await raw.SendAsync(FramingBytes.PreambleWithUpgrade(address, TlsStreamUpgrade.ProtocolName));
        Assert.True((await raw.ReadRecordAsync())!.IsUpgradeResponse);

        await raw.SendAsync(FramingBytes.PreambleEnd);

        Assert.Null(await raw.ReadRecordAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(0, (await stub.StatsAsync()).TlsHandshakes);
    }
}
