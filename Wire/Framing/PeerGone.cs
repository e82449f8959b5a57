using System.Security.Authentication;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The one list of exceptions a connection's pipe throws when the peer is gone or the connection is being torn down
/// under a read or write: a reset, a completed or disposed pipe, and over TLS a failed handshake or a record that no
/// longer decrypts. Framing and TLS alike treat them as the connection's end, never as a bug.
/// </summary>
internal static class PeerGone
{
    /// <summary>True when <paramref name="exception"/> means the connection can no longer carry bytes.</summary>
    public static bool Is(Exception exception) =>
        exception is IOException or InvalidOperationException or ObjectDisposedException or AuthenticationException;
}
