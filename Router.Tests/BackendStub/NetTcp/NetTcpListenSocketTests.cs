using System.Net.Sockets;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Tests.BackendStub.NetTcp;

/// <summary>The stub's net.tcp listener caps its TCP segments so WCF clients' 8 KB socket buffers keep flowing on loopback.</summary>
public sealed class NetTcpListenSocketTests
{
    [LinuxFact]
    public async Task NetTcpConnections_UseSegmentsThatFitAWcfClientsBuffer_HttpOnesDoNot()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();

        var netTcp = await ConnectedSegmentSizeAsync(stub.Address(WireBindings.NetTcp));
        var http = await ConnectedSegmentSizeAsync(stub.Address(WireBindings.BasicHttp));

        Assert.InRange(netTcp, 1, NetTcpListenSocket.MaxSegmentSize);
        Assert.True(http > NetTcpListenSocket.MaxSegmentSize, $"loopback HTTP segment size {http}");
    }

    /// <summary>The segment size a client's connection to <paramref name="address"/> settled on (the smaller of both sides').</summary>
    private static async Task<int> ConnectedSegmentSizeAsync(Uri address)
    {
        using var client = new TcpClient();
        await client.ConnectAsync(address.Host, address.Port);
        var value = new byte[sizeof(int)];
        client.Client.GetRawSocketOption(6, 2, value);
        return BitConverter.ToInt32(value);
    }
}
