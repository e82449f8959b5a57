namespace SoapRouter.Wire.Framing;

/// <summary>
/// The client side of a stream upgrade ([MC-NMF] 3.1.4.8): after its Upgrade Request for <see cref="Protocol"/> was
/// answered with Upgrade Response, the upgrade's own handshake runs on the connection, and the rest of the exchange
/// (Preamble End onwards) travels over the upgraded stream. The server side is <see cref="INetTcpStreamUpgrade"/>.
/// </summary>
public interface INetTcpClientUpgrade
{
    /// <summary>The upgrade's name in the Upgrade Request record (for TLS, <c>application/ssl-tls</c>).</summary>
    string Protocol { get; }

    /// <summary>
    /// Runs the handshake on <paramref name="connection"/>; the upgraded stream, which owns the connection (disposing it
    /// closes the connection). A refused handshake throws (for TLS, <see cref="System.Security.Authentication.AuthenticationException"/>).
    /// </summary>
    ValueTask<Stream> UpgradeAsync(Stream connection, CancellationToken cancellationToken);
}
