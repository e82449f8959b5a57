using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;

namespace SoapRouter.Tests.Support;

/// <summary>
/// A TCP relay on a loopback port that passes every connection on to a target and keeps the first bytes each client
/// sent: what went on the wire, for checking a framing preamble. <see cref="Cut"/> drops every connection and refuses new
/// ones, as a lost network would, until <see cref="Restore"/>.
/// </summary>
internal sealed class TcpTap : IAsyncDisposable
{
    private const int Kept = 2048;

    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly IPEndPoint _target;
    private readonly CancellationTokenSource _stop = new();
    private readonly ConcurrentQueue<MemoryStream> _kept = new();
    private long _bytesUp;
    private readonly Task _accepting;
    private CancellationTokenSource _connections = new();
    private volatile bool _refusing;

    private TcpTap(IPEndPoint target)
    {
        _target = target;
        _listener.Start();
        _accepting = AcceptAsync();
    }

    /// <summary>The port clients connect to.</summary>
    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    /// <summary>The first bytes (up to 2 KB) each connection's client has sent so far, in the order the connections came.</summary>
    public IReadOnlyList<byte[]> FirstBytes => [.. _kept.Select(kept => { lock (kept) { return kept.ToArray(); } })];

    /// <summary>Every byte clients sent through the tap.</summary>
    public long BytesUp => Interlocked.Read(ref _bytesUp);

    /// <summary>Starts a tap in front of <paramref name="targetPort"/> on loopback.</summary>
    public static TcpTap Start(int targetPort) => new(new IPEndPoint(IPAddress.Loopback, targetPort));

    /// <summary>Drops every connection through the tap and refuses new ones.</summary>
    public void Cut()
    {
        _refusing = true;
        var cut = Interlocked.Exchange(ref _connections, new CancellationTokenSource());
        cut.Cancel();
        cut.Dispose();
    }

    /// <summary>Lets connections through again.</summary>
    public void Restore() => _refusing = false;

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        try
        {
            await _accepting;
        }
        catch (Exception exception) when (exception is OperationCanceledException or SocketException or ObjectDisposedException)
        {
        }

        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            var client = await _listener.AcceptTcpClientAsync(_stop.Token);
            if (_refusing)
            {
                client.Client.LingerState = new LingerOption(true, 0);
                client.Dispose();
                continue;
            }

            _ = RelayAsync(client);
        }
    }

    private async Task RelayAsync(TcpClient client)
    {
        using (client)
        using (var server = new TcpClient())
        {
            try
            {
                using var relay = CancellationTokenSource.CreateLinkedTokenSource(_stop.Token, _connections.Token);
                await server.ConnectAsync(_target, relay.Token);
                var kept = new MemoryStream();
                _kept.Enqueue(kept);
                var up = PumpAsync(client.GetStream(), server.GetStream(), kept, relay.Token);
                var down = PumpAsync(server.GetStream(), client.GetStream(), null, relay.Token);
                await Task.WhenAny(up, down);
            }
            catch (Exception exception) when (exception is OperationCanceledException or SocketException or IOException)
            {
            }
        }
    }

    private async Task PumpAsync(Stream from, Stream to, MemoryStream? kept, CancellationToken cancellationToken)
    {
        var buffer = new byte[16 * 1024];
        try
        {
            int read;
            while ((read = await from.ReadAsync(buffer, cancellationToken)) > 0)
            {
                if (kept is not null)
                {
                    Interlocked.Add(ref _bytesUp, read);
                    lock (kept)
                    {
                        kept.Write(buffer, 0, (int)Math.Min(read, Math.Max(0, Kept - kept.Length)));
                    }
                }

                await to.WriteAsync(buffer.AsMemory(0, read), cancellationToken);
            }
        }
        catch (Exception exception) when (exception is OperationCanceledException or SocketException or IOException or ObjectDisposedException)
        {
        }
    }
}
