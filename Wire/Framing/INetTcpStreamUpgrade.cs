using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// A stream upgrade a net.tcp endpoint offers and requires ([MC-NMF] 3.1.4.8): after the client's Upgrade Request
/// for <see cref="Protocol"/> and the server's Upgrade Response, the upgrade's own handshake runs on the connection,
/// and the rest of the session (Preamble End onwards) travels over the upgraded stream.
/// </summary>
public interface INetTcpStreamUpgrade
{
    /// <summary>The upgrade's name in the Upgrade Request record (for TLS, <c>application/ssl-tls</c>).</summary>
    string Protocol { get; }

    /// <summary>
    /// Runs the upgrade's handshake on <paramref name="transport"/> (the Upgrade Response has been sent); the upgraded
    /// stream, or null when the handshake failed (then the connection just closes). Never throws for bad input or a
    /// vanished peer.
    /// </summary>
    ValueTask<NetTcpUpgradeResult?> UpgradeAsync(IDuplexPipe transport, CancellationToken cancellationToken);
}
