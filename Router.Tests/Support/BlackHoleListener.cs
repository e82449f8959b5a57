using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A destination gone silent, as <c>docker pause</c> or an iptables DROP after the connection was made leave it: a TCP
/// listener on loopback that accepts every connection and reads whatever comes, forever, and never writes a byte or
/// closes. Counts connections and bytes, so a test can tell that requests reached it.
/// </summary>
internal sealed class BlackHoleListener : IDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Socket> _accepted = [];
    private long _connections;
    private long _bytes;

    public BlackHoleListener()
    {
        _listener.Start();
        _ = AcceptAsync();
    }

    /// <summary>The port it listens on.</summary>
    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    /// <summary>Connections accepted so far.</summary>
    public long Connections => Interlocked.Read(ref _connections);

    /// <summary>Bytes received so far, on every connection.</summary>
    public long Bytes => Interlocked.Read(ref _bytes);

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Stop();
        lock (_accepted)
        {
            foreach (var socket in _accepted)
            {
                socket.Dispose();
            }
        }

        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket socket;
            try
            {
                socket = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception ex) when (ex is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            Interlocked.Increment(ref _connections);
            lock (_accepted)
            {
                _accepted.Add(socket);
            }

            _ = SwallowAsync(socket);
        }
    }

    private async Task SwallowAsync(Socket socket)
    {
        var buffer = new byte[4096];
        try
        {
            int read;
            while ((read = await socket.ReceiveAsync(buffer, SocketFlags.None, _stop.Token)) > 0)
            {
                Interlocked.Add(ref _bytes, read);
            }
        }
        catch (Exception ex) when (ex is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // Stopped, or the router gave up on the connection.
        }
    }
}
