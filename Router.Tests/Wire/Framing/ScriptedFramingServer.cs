using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A net.tcp "server" on loopback that takes one connection, checks the client's preamble against the bytes
/// [MC-NMF] prescribes (<see cref="FramingBytes.Preamble"/>), then does what the test scripts: misbehaviour no real
/// server would show on purpose (a reset mid-session, a broken record).
/// </summary>
internal sealed class ScriptedFramingServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly Task _serving;

    public ScriptedFramingServer(Func<Socket, Task> afterPreamble)
    {
        _listener.Start();
        Via = new Uri($"net.tcp://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/scripted");
        _serving = ServeAsync(afterPreamble);
    }

    /// <summary>The address to open the session for.</summary>
    public Uri Via { get; }

    /// <summary>Sends a Preamble Ack.</summary>
    public static Task AckAsync(Socket socket) => socket.SendAsync(new byte[] { ServerRecord.PreambleAck }, SocketFlags.None);

    /// <summary>Closes <paramref name="socket"/> with a reset (RST) instead of a close.</summary>
    public static void Reset(Socket socket)
    {
        socket.LingerState = new LingerOption(true, 0);
        socket.Dispose();
    }

    /// <summary>Waits for the script to finish (its failures are the test's).</summary>
    public Task Served => _serving.WaitAsync(TimeSpan.FromSeconds(20));

    public async ValueTask DisposeAsync()
    {
        _listener.Stop();
        try
        {
            await _serving.WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException or TimeoutException)
        {
            // A test that did not connect.
        }
    }

    private async Task ServeAsync(Func<Socket, Task> afterPreamble)
    {
        using var socket = await _listener.AcceptSocketAsync();
        var expected = FramingBytes.Preamble(Via);
        var preamble = new byte[expected.Length];
        var read = 0;
        while (read < preamble.Length)
        {
            var got = await socket.ReceiveAsync(preamble.AsMemory(read), SocketFlags.None);
            Assert.NotEqual(0, got);
            read += got;
        }

        Assert.Equal(expected, preamble);
        await afterPreamble(socket);
    }
}
