using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Connections.Features;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// The kernel's view of one client connection's link (<see cref="TcpInfo"/>): a connection feature set by
/// <see cref="Middleware"/> where the socket is reachable (Kestrel's socket transport on Linux). A listener that
/// learns its clients' bandwidth reads it before each reply, so what it learns is time on the wire, not time this
/// process spent waiting for a core.
/// </summary>
internal sealed class TcpLinkProbe(Socket socket)
{
    private long _bytesAcked;

    /// <summary>The middleware that sets the feature where the connection's socket is reachable; elsewhere it adds nothing.</summary>
    public static Func<ConnectionDelegate, ConnectionDelegate> Middleware() => next => connection =>
    {
        if (TcpInfo.IsSupported && connection.Features.Get<IConnectionSocketFeature>()?.Socket is { } socket)
        {
            connection.Features.Set(new TcpLinkProbe(socket));
        }

        return next(connection);
    };

    /// <summary>
    /// Reads the connection's TCP_INFO; <paramref name="ackedSinceLast"/> is what was delivered since the last read, so a
    /// caller can tell a rate measured over a large reply from one measured over a few packets.
    /// </summary>
    public bool TryRead(out TcpInfo info, out long ackedSinceLast)
    {
        if (!TcpInfo.TryRead(socket, out info))
        {
            ackedSinceLast = 0;
            return false;
        }

        ackedSinceLast = info.BytesAcked - Interlocked.Exchange(ref _bytesAcked, info.BytesAcked);
        return true;
    }
}
