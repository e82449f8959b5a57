using System.Net;
using System.Net.Sockets;
using System.Text;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Two clients of one adaptive listener, from 127.0.0.1 and 127.0.0.2: each gets its own link estimate, learned from
/// the kernel's delivery rate of the replies sent to it. The second client reads its replies through a small
/// receive window, slowly, so its link delivers far less than loopback does.
/// </summary>
public sealed class PerClientLinkEstimateTests
{
    private const int Requests = 4;

    [LinuxFact]
    public async Task TwoClientsOnDifferentAddresses_GetSeparateEstimates_FromTheKernelsDeliveryRate()
    {
        await using var stub = await RunningStub.StartAsync();
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners.Select(listener => listener with { Compression = new CompressionOptions() })],
        });
        var address = router.Address("soap12");
        // Hex of seeded random bytes: compressed or not, a reply is tens of kilobytes, enough to show a link's rate.
        var body = StubEnvelopes.Echo(WireBindings.Soap12Http, Convert.ToHexString(RandomBytes(64 * 1024)), address).Body;

        await SendAsync(IPAddress.Parse("127.0.0.1"), address, body, slowReader: false);
        await SendAsync(IPAddress.Parse("127.0.0.2"), address, body, slowReader: true);

        var peers = router.Host.Compression.PeersSnapshot().Recent.ToDictionary(peer => peer.Peer);
        var fast = peers["127.0.0.1"];
        var slow = peers["127.0.0.2"];
        Assert.All(new[] { fast, slow }, peer =>
        {
            Assert.Equal("listener:soap12", peer.Link);
            Assert.Equal("deliveryRate", peer.Source);
            Assert.True(peer.Samples >= 1, $"{peer.Peer}: {peer.Samples} samples");
        });
        Assert.True(slow.BytesPerSecond < fast.BytesPerSecond, $"slow {slow.BytesPerSecond} B/s, fast {fast.BytesPerSecond} B/s");
    }

    // Requests one after another on one keep-alive connection from `from`; each reply is read whole before the next.
    private static async Task SendAsync(IPAddress from, Uri address, byte[] body, bool slowReader)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        if (slowReader)
        {
            socket.ReceiveBufferSize = 4096;
        }

        socket.Bind(new IPEndPoint(from, 0));
        await socket.ConnectAsync(IPAddress.Loopback, address.Port);
        var head = Encoding.ASCII.GetBytes(
            $"POST {address.PathAndQuery} HTTP/1.1\r\nHost: {address.Authority}\r\nContent-Type: application/soap+xml; charset=utf-8\r\n"
            + $"Accept-Encoding: zstd\r\nContent-Length: {body.Length}\r\n\r\n");
        for (var i = 0; i < Requests; i++)
        {
            await socket.SendAsync(head);
            await socket.SendAsync(body);
            await ReadReplyAsync(socket, slowReader);
        }
    }

    private static async Task ReadReplyAsync(Socket socket, bool slowReader)
    {
        var buffer = new byte[slowReader ? 2048 : 64 * 1024];
        var received = new List<byte>();
        var headEnd = -1;
        var contentLength = -1;
        while (headEnd < 0 || received.Count < headEnd + contentLength)
        {
            var read = await socket.ReceiveAsync(buffer);
            Assert.True(read > 0, "the router closed the connection");
            received.AddRange(buffer.AsSpan(0, read));
            if (slowReader)
            {
                await Task.Delay(5);
            }

            if (headEnd < 0 && IndexOfHeadEnd(received) is > 0 and var end)
            {
                headEnd = end;
                var head = Encoding.ASCII.GetString(received.GetRange(0, end).ToArray());
                Assert.StartsWith("HTTP/1.1 200", head, StringComparison.Ordinal);
                var line = head.Split("\r\n").Single(h => h.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase));
                contentLength = int.Parse(line["Content-Length:".Length..].Trim(), System.Globalization.CultureInfo.InvariantCulture);
            }
        }
    }

    private static byte[] RandomBytes(int count)
    {
        var bytes = new byte[count];
        new Random(20).NextBytes(bytes);
        return bytes;
    }

    private static int IndexOfHeadEnd(List<byte> received)
    {
        for (var i = 3; i < received.Count; i++)
        {
            if (received[i - 3] == '\r' && received[i - 2] == '\n' && received[i - 1] == '\r' && received[i] == '\n')
            {
                return i + 1;
            }
        }

        return -1;
    }
}
