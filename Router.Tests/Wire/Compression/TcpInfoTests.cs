using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>struct tcp_info as the kernel lays it out, and a real connection's.</summary>
public sealed class TcpInfoTests
{
    [Fact]
    public void TryParse_ReadsTheFieldsAtTheirOffsets()
    {
        var bytes = new byte[232];
        bytes[7] = 1;
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(68), 250);
        BinaryPrimitives.WriteUInt64LittleEndian(bytes.AsSpan(120), 1_000_000);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(144), 4096);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(148), 40);
        BinaryPrimitives.WriteUInt64LittleEndian(bytes.AsSpan(160), 187_500);

        Assert.True(TcpInfo.TryParse(bytes, out var info));

        Assert.Equal(new TcpInfo(187_500, true, TimeSpan.FromMicroseconds(250), TimeSpan.FromMicroseconds(40), 4096, 1_000_000), info);
    }

    [Fact]
    public void TryParse_TooShortForTheDeliveryRate_IsFalse()
    {
        Assert.False(TcpInfo.TryParse(new byte[TcpInfo.Length - 1], out _));
    }

    [LinuxFact]
    public async Task TryRead_AConnectionThatSentData_HasItsBytesAcknowledgedAndARate()
    {
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen();
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await client.ConnectAsync(listener.LocalEndPoint!);
        using var server = await listener.AcceptAsync();
        var data = new byte[256 * 1024];

        var sending = server.SendAsync(data);
        var received = 0;
        var buffer = new byte[64 * 1024];
        while (received < data.Length)
        {
            received += await client.ReceiveAsync(buffer);
        }

        await sending;

        // The receiver acknowledges what it read; wait for the last acknowledgement to come back to the sender.
        TcpInfo info = default;
        await Eventually.TrueAsync(() => Task.FromResult(TcpInfo.TryRead(server, out info) && info.BytesAcked >= data.Length), "every byte acknowledged");
        Assert.True(info.DeliveryBytesPerSecond > 0);
        Assert.True(info.MinRtt > TimeSpan.Zero);
    }
}
