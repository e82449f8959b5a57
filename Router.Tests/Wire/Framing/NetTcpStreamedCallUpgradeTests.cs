using System.Net.Security;
using System.Net.Sockets;
using BackendStub.Hosting;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// The client side of the application/ssl-tls upgrade in a streamed net.tcp call, against the BackendStub's streamed
/// endpoint: on its TLS port the upgrade, the handshake and the Preamble Ack over TLS; on its plain port the server's
/// UpgradeInvalid fault, named in the error; a certificate the client's check refuses fails the handshake.
/// </summary>
public sealed class NetTcpStreamedCallUpgradeTests : IAsyncLifetime, IDisposable
{
    private readonly TestPki _pki = new();
    private RunningStub _stub = null!;

    public async Task InitializeAsync() =>
        _stub = await RunningStub.StartWithTlsAsync(_pki, options: new StubOptions { TcpPort = 0, AddressFilter = AddressFilterMode.Default });

    public async Task DisposeAsync() => await _stub.DisposeAsync();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task OpenAsync_WithTheTlsUpgrade_OnTheTlsPort_IsAcknowledgedOverTls()
    {
        var via = Streamed(_stub.SecureAddress(WireBindings.NetTcp));
        await using var connection = await ConnectAsync(via);
        var checkedCertificates = 0;
        var upgrade = new TlsClientStreamUpgrade(() => new SslClientAuthenticationOptions
        {
            TargetHost = "localhost",
            RemoteCertificateValidationCallback = (_, certificate, _, _) =>
            {
                checkedCertificates++;
                return certificate is not null && certificate.Issuer == _pki.Ca.Subject;
            },
        });

        var call = await NetTcpStreamedCall.OpenAsync(connection, via, 1 << 20, upgrade, CancellationToken.None);
        await using var tls = call.Connection;

        var ssl = Assert.IsType<SslStream>(call.Connection);
        Assert.True(ssl.IsAuthenticated);
        Assert.Equal(1, checkedCertificates);
    }

    [Fact]
    public async Task OpenAsync_WithTheTlsUpgrade_OnThePlainPort_NamesTheServersUpgradeInvalidFault()
    {
        var via = Streamed(_stub.Address(WireBindings.NetTcp));
        await using var connection = await ConnectAsync(via);
        var upgrade = new TlsClientStreamUpgrade(() => new SslClientAuthenticationOptions { TargetHost = "localhost" });

        var refused = await Assert.ThrowsAsync<IOException>(() => NetTcpStreamedCall.OpenAsync(connection, via, 1 << 20, upgrade, CancellationToken.None));

        Assert.Contains("application/ssl-tls upgrade request", refused.Message, StringComparison.Ordinal);
        Assert.Contains("UpgradeInvalid", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task OpenAsync_CertificateTheCheckRefuses_FailsTheHandshakeWithAnAuthenticationException()
    {
        var via = Streamed(_stub.SecureAddress(WireBindings.NetTcp));
        await using var connection = await ConnectAsync(via);
        var upgrade = new TlsClientStreamUpgrade(() => new SslClientAuthenticationOptions
        {
            TargetHost = "localhost",
            RemoteCertificateValidationCallback = (_, _, _, _) => false,
        });

        await Assert.ThrowsAsync<System.Security.Authentication.AuthenticationException>(
            () => NetTcpStreamedCall.OpenAsync(connection, via, 1 << 20, upgrade, CancellationToken.None));
    }

    private static Uri Streamed(Uri netTcp) => new UriBuilder(netTcp) { Path = StubSoapEndpoints.NetTcpStreamed.Path }.Uri;

    private static async Task<NetworkStream> ConnectAsync(Uri via)
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(via.Host, via.Port);
        return new NetworkStream(socket, ownsSocket: true);
    }
}
