using System.Net.Security;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// The client side of net.tcp transport security, the <c>application/ssl-tls</c> upgrade a NetTcpBinding client with
/// SecurityMode.Transport asks for: an <see cref="SslStream"/> over the connection, authenticated as a client with the
/// options given (the server's name, the certificate check, the client certificate), each handshake with options made
/// afresh (a reloaded client certificate applies at the next one).
/// </summary>
/// <param name="options">Makes the handshake's settings; called once per upgrade.</param>
public sealed class TlsClientStreamUpgrade(Func<SslClientAuthenticationOptions> options) : INetTcpClientUpgrade
{
    private readonly Func<SslClientAuthenticationOptions> _options = options ?? throw new ArgumentNullException(nameof(options));

    /// <inheritdoc />
    public string Protocol => TlsStreamUpgrade.ProtocolName;

    /// <inheritdoc />
    public async ValueTask<Stream> UpgradeAsync(Stream connection, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var tls = new SslStream(connection, leaveInnerStreamOpen: false);
        try
        {
            await tls.AuthenticateAsClientAsync(_options(), cancellationToken).ConfigureAwait(false);
            return tls;
        }
        catch
        {
            await tls.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }
}
