using System.Net.Sockets;

namespace SoapRouter.Wire.Framing;

/// <summary>Socket settings for a listener that serves net.tcp to WCF clients.</summary>
public static class NetTcpListenSocket
{
    /// <summary>The largest TCP segment the listener's connections use: WCF's default ConnectionBufferSize.</summary>
    public const int MaxSegmentSize = 8192;

    // IPPROTO_TCP and TCP_MAXSEG on Linux.
    private const int IpProtocolTcp = 6;
    private const int TcpMaxSegment = 2;

    /// <summary>
    /// Caps the TCP segment size of <paramref name="listenSocket"/> (bound, not yet listening; accepted connections
    /// inherit it) at <see cref="MaxSegmentSize"/>, on Linux; elsewhere it does nothing. True when the cap was set.
    /// </summary>
    /// <remarks>
    /// A WCF net.tcp client sets its socket's send and receive buffers to its ConnectionBufferSize, 8 KB by default.
    /// Over a link whose MTU is far larger (Linux loopback: 64 KB) a single segment fills that window and each window
    /// update waits for a delayed ACK, so a 1 MB reply crawls in for about 13 s where it takes some 25 ms with
    /// segments that fit the client's buffer. On ordinary networks (MTU 1500) the cap changes nothing. It must be set
    /// before the socket listens: set on an accepted connection it no longer changes the segment size agreed.
    /// </remarks>
    public static bool LimitSegmentSize(Socket listenSocket)
    {
        ArgumentNullException.ThrowIfNull(listenSocket);
        if (!OperatingSystem.IsLinux())
        {
            return false;
        }

        Span<byte> value = stackalloc byte[sizeof(int)];
        BitConverter.TryWriteBytes(value, MaxSegmentSize);
        try
        {
            listenSocket.SetRawSocketOption(IpProtocolTcp, TcpMaxSegment, value);
            return true;
        }
        catch (SocketException)
        {
            // A kernel that refuses the option leaves the segment size as it was: slower with WCF clients, not wrong.
            return false;
        }
    }
}
