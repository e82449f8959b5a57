using System.Buffers.Binary;
using System.Net.Sockets;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// What Linux's TCP stack knows about one connection (getsockopt IPPROTO_TCP, TCP_INFO; struct tcp_info of
/// linux/tcp.h, fields present since 4.10): the time on the wire, measured by the kernel from acknowledgements, so a
/// process that waits for a core does not slow it down.
/// </summary>
/// <param name="DeliveryBytesPerSecond">tcpi_delivery_rate: the latest rate at which sent data was delivered.</param>
/// <param name="ApplicationLimited">tcpi_delivery_rate_app_limited: that rate was taken while the sender had too little to send (a floor).</param>
/// <param name="Rtt">tcpi_rtt: the smoothed round-trip time.</param>
/// <param name="MinRtt">tcpi_min_rtt: the lowest round-trip time seen.</param>
/// <param name="NotSentBytes">tcpi_notsent_bytes: bytes the process handed over that are still waiting to be sent.</param>
/// <param name="BytesAcked">tcpi_bytes_acked: bytes sent and acknowledged over the connection's life.</param>
public readonly record struct TcpInfo(
    double DeliveryBytesPerSecond, bool ApplicationLimited, TimeSpan Rtt, TimeSpan MinRtt, long NotSentBytes, long BytesAcked)
{
    /// <summary>The bytes of struct tcp_info read: up to and including tcpi_delivery_rate.</summary>
    public const int Length = DeliveryRateOffset + sizeof(ulong);

    private const int IpProtoTcp = 6;
    private const int TcpInfoOption = 11;
    private const int FlagsOffset = 7;
    private const int RttOffset = 68;
    private const int BytesAckedOffset = 120;
    private const int NotSentOffset = 144;
    private const int MinRttOffset = 148;
    private const int DeliveryRateOffset = 160;

    /// <summary>Whether this platform has TCP_INFO as read here.</summary>
    public static bool IsSupported => OperatingSystem.IsLinux();

    /// <summary>Reads <paramref name="socket"/>'s TCP_INFO; false off Linux, on a closed socket, or on a kernel too old to say.</summary>
    public static bool TryRead(Socket socket, out TcpInfo info)
    {
        ArgumentNullException.ThrowIfNull(socket);
        info = default;
        if (!IsSupported)
        {
            return false;
        }

        Span<byte> buffer = stackalloc byte[Length];
        int read;
        try
        {
            read = socket.GetRawSocketOption(IpProtoTcp, TcpInfoOption, buffer);
        }
        catch (Exception exception) when (exception is SocketException or ObjectDisposedException)
        {
            return false;
        }

        return TryParse(buffer[..read], out info);
    }

    /// <summary>Reads the fields from struct tcp_info's bytes; false when they are too few to hold the delivery rate.</summary>
    public static bool TryParse(ReadOnlySpan<byte> tcpInfo, out TcpInfo info)
    {
        if (tcpInfo.Length < Length)
        {
            info = default;
            return false;
        }

        info = new TcpInfo(
            BinaryPrimitives.ReadUInt64LittleEndian(tcpInfo[DeliveryRateOffset..]),
            (tcpInfo[FlagsOffset] & 1) != 0,
            TimeSpan.FromMicroseconds(BinaryPrimitives.ReadUInt32LittleEndian(tcpInfo[RttOffset..])),
            TimeSpan.FromMicroseconds(BinaryPrimitives.ReadUInt32LittleEndian(tcpInfo[MinRttOffset..])),
            BinaryPrimitives.ReadUInt32LittleEndian(tcpInfo[NotSentOffset..]),
            (long)BinaryPrimitives.ReadUInt64LittleEndian(tcpInfo[BytesAckedOffset..]));
        return true;
    }
}
