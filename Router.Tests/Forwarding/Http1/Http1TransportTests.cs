using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using System.Text;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Forwarding.Http;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding.Http1;

/// <summary>
/// The router's own HTTP/1.1 client behind the verbatim transport, against real Kestrel backends and raw TCP servers
/// on loopback: connection reuse, the ways a connection ends, reply framings, and failures classified as HttpClient's were.
/// </summary>
public sealed class Http1TransportTests : IDisposable
{
    private const string ContentType = "text/xml; charset=utf-8";

    private readonly HttpDestinationClients _clients = new(TimeProvider.System, TimeSpan.FromMinutes(2));
    private readonly CountingArrayPool _pool = new();
    private readonly HttpVerbatimTransport _transport;

    public Http1TransportTests() =>
        _transport = new HttpVerbatimTransport(_clients, maxReplySize: 1024 * 1024, new CapturingLogger<HttpVerbatimTransport>(), _pool);

    public void Dispose() => _clients.Dispose();

    [Fact]
    public async Task Send_ThreeRequestsInTurn_UseOneKeptAliveConnection()
    {
        var connections = new ConcurrentQueue<string>();
        await using var backend = await RecordingBackend.StartAsync(async (context, received, b) =>
        {
            connections.Enqueue(context.Connection.Id);
            await RecordingBackend.Echoes(ContentType)(context, received, b);
        });
        var destination = Destination(backend.Address());

        for (var i = 0; i < 3; i++)
        {
            var body = Body(500 + i);
            using var reply = await SendExpectingAsync(ForwardError.None, destination, body);
            Assert.Equal(body, reply.Body.ToArray());
        }

        Assert.Single(connections.Distinct());
        Assert.Equal(1, Pool(destination).IdleCount);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_BackendAnswersConnectionClose_NextRequestOpensANewConnection()
    {
        var connections = new ConcurrentQueue<string>();
        await using var backend = await RecordingBackend.StartAsync(async (context, received, b) =>
        {
            connections.Enqueue(context.Connection.Id);
            context.Response.Headers.Connection = "close";
            await RecordingBackend.Echoes(ContentType)(context, received, b);
        });
        var destination = Destination(backend.Address());

        (await SendExpectingAsync(ForwardError.None, destination, Body(100))).Dispose();
        Assert.Equal(0, Pool(destination).IdleCount);
        (await SendExpectingAsync(ForwardError.None, destination, Body(100))).Dispose();

        Assert.Equal(2, connections.Distinct().Count());
    }

    [Fact]
    public async Task Send_ServerClosedTheIdleConnection_RequestIsSentAgainOnANewConnectionAndSucceeds()
    {
        // A server that answers one request per connection and then closes it without saying so (no Connection: close),
        // as a backend whose keep-alive timeout ran out does: the pooled connection is dead when the next request comes.
        using var server = new RawServer(async (socket, stop) =>
        {
            await ReadRequestAsync(socket);
            await socket.SendAsync(Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: {ContentType}\r\nContent-Length: 2\r\n\r\nok"));
            await Task.Delay(100, stop);
            socket.Shutdown(SocketShutdown.Both);
        });
        var destination = Destination(server.Address);

        (await SendExpectingAsync(ForwardError.None, destination, Body(100))).Dispose();
        await Eventually.TrueAsync(() => Task.FromResult(server.Closed == 1), "the server closed its first connection");
        using var second = await SendExpectingAsync(ForwardError.None, destination, Body(100));

        Assert.Equal("ok", Encoding.ASCII.GetString(second.Body.Span));
        Assert.Equal(2, server.Accepted);
    }

    [Fact]
    public async Task Send_ChunkedReplyInManyWrites_IsReadWhole()
    {
        var expected = Body(40_000);
        await using var backend = await RecordingBackend.StartAsync(async (context, _, _) =>
        {
            context.Response.ContentType = ContentType;
            for (var offset = 0; offset < expected.Length; offset += 7_000)
            {
                await context.Response.Body.WriteAsync(expected.AsMemory(offset, Math.Min(7_000, expected.Length - offset)));
                await context.Response.Body.FlushAsync();
            }
        });
        var destination = Destination(backend.Address());

        using var reply = await SendExpectingAsync(ForwardError.None, destination, Body(10));
        (await SendExpectingAsync(ForwardError.None, destination, Body(10))).Dispose();

        Assert.Equal(expected, reply.Body.ToArray());
        Assert.Equal(ContentType, reply.ContentType);
        Assert.Equal(1, Pool(destination).IdleCount);
    }

    [Fact]
    public async Task Send_LargeContentLengthReply_IsReadWholeAndTheConnectionKept()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(ContentType));
        var destination = Destination(backend.Address());
        var body = Body(300_000);

        using var reply = await SendExpectingAsync(ForwardError.None, destination, body);

        Assert.Equal(body, reply.Body.ToArray());
        Assert.Equal(body, Assert.Single(backend.Requests).Body);
        Assert.Equal(1, Pool(destination).IdleCount);
    }

    [Fact]
    public async Task Send_ReplyWithoutLengthOrChunking_IsReadToTheCloseAndTheConnectionDropped()
    {
        using var server = new RawServer(async (socket, stop) =>
        {
            await ReadRequestAsync(socket);
            await socket.SendAsync(Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: {ContentType}\r\n\r\nuntil the end"));
            socket.Shutdown(SocketShutdown.Both);
        });
        var destination = Destination(server.Address);

        using var reply = await SendExpectingAsync(ForwardError.None, destination, Body(10));

        Assert.Equal("until the end", Encoding.ASCII.GetString(reply.Body.Span));
        Assert.Equal(0, Pool(destination).IdleCount);
    }

    [Fact]
    public async Task Send_DestinationDown_IsConnectionRefused()
    {
        var result = await _transport.SendAsync(Destination($"http://127.0.0.1:{FreePort.Unused()}/service"), TimeSpan.FromSeconds(5), Request(Body(10)), default);

        Assert.Equal(ForwardError.ConnectionRefused, result.Error);
    }

    [Fact]
    public async Task Send_BackendResetsMidReply_IsResetAfterSendAndNoBufferIsKept()
    {
        using var server = new RawServer(async (socket, stop) =>
        {
            await ReadRequestAsync(socket);
            await socket.SendAsync(Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: {ContentType}\r\nContent-Length: 5000\r\n\r\n" + new string('x', 1000)));
            await Task.Delay(50, stop);
            socket.LingerState = new LingerOption(true, 0);
            socket.Close();
        });

        var result = await _transport.SendAsync(Destination(server.Address), TimeSpan.FromSeconds(5), Request(Body(10)), default);

        Assert.Equal(ForwardError.ResetAfterSend, result.Error);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_ReusedConnectionResetAfterReplyBegan_IsNotSentAgain()
    {
        // Only a connection that died before any reply byte is retried; here the second reply had begun.
        using var server = new RawServer(async (socket, stop) =>
        {
            await ReadRequestAsync(socket);
            await socket.SendAsync(Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: {ContentType}\r\nContent-Length: 2\r\n\r\nok"));
            await ReadRequestAsync(socket);
            await socket.SendAsync(Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Le"));
            await Task.Delay(50, stop);
            socket.LingerState = new LingerOption(true, 0);
            socket.Close();
        });
        var destination = Destination(server.Address);

        (await SendExpectingAsync(ForwardError.None, destination, Body(10))).Dispose();
        var result = await _transport.SendAsync(destination, TimeSpan.FromSeconds(5), Request(Body(10)), default);

        Assert.Equal(ForwardError.ResetAfterSend, result.Error);
        Assert.Equal(1, server.Accepted);
    }

    [Fact]
    public async Task Send_BackendStallsPastTheAttemptsToken_IsCancelledAndTheConnectionNotKept()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        var destination = Destination(backend.Address());
        using var timeout = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));

        var result = await _transport.SendAsync(destination, TimeSpan.FromSeconds(5), Request(Body(10)), timeout.Token);

        Assert.Equal(ForwardError.Cancelled, result.Error);
        Assert.Equal(0, Pool(destination).IdleCount);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_ConnectTakesLongerThanTheConnectTimeout_IsConnectTimeout()
    {
        // A listener whose accept queue is full leaves further connects hanging (SYNs dropped): a connect that never ends.
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen(0);
        var port = ((IPEndPoint)listener.LocalEndPoint!).Port;
        var fillers = new List<Socket>();
        try
        {
            for (var i = 0; i < 4; i++)
            {
                var filler = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                fillers.Add(filler);
                _ = filler.ConnectAsync(IPAddress.Loopback, port);
            }

            await Task.Delay(200);
            var result = await _transport.SendAsync(
                Destination($"http://127.0.0.1:{port}/service"), TimeSpan.FromMilliseconds(300), Request(Body(10)), default);

            Assert.Equal(ForwardError.ConnectTimeout, result.Error);
        }
        finally
        {
            fillers.ForEach(filler => filler.Dispose());
        }
    }

    [Fact]
    public async Task Send_SoapActionTooLongForTheOwnClient_GoesThroughHttpClientUnchanged()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(ContentType));
        var action = "\"" + new string('a', 20_000) + "\"";
        var destination = Destination(backend.Address());

        using var reply = await SendExpectingAsync(ForwardError.None, destination, Body(10), action);

        Assert.Equal(action, Assert.Single(backend.Requests).Header("SOAPAction"));
        Assert.Equal(ContentType, reply.ContentType);
    }

    private static DestinationState Destination(string address) => HttpTestClusters.State(address).Primaries[0];

    private SoapRouter.Forwarding.Http1.Http1ConnectionPool Pool(DestinationState destination) =>
        _clients.Get(destination, TimeSpan.FromSeconds(5)).Http1 ?? throw new InvalidOperationException("no HTTP/1.1 client for an http:// destination");

    private async Task<RawSoapReply> SendExpectingAsync(ForwardError expected, DestinationState destination, byte[] body, string? soapAction = null)
    {
        var result = await _transport.SendAsync(destination, TimeSpan.FromSeconds(5), Request(body) with { SoapAction = soapAction }, default);
        Assert.Equal(expected, result.Error);
        return result.Reply!;
    }

    private static RawSoapRequest Request(byte[] body) => new(body, ContentType);

    private static byte[] Body(int size)
    {
        var bytes = new byte[size];
        new Random(size).NextBytes(bytes);
        return bytes;
    }

    /// <summary>Reads one request whose head ends the bytes read or is followed by its Content-Length body.</summary>
    private static async Task ReadRequestAsync(Socket socket)
    {
        var buffer = new byte[64 * 1024];
        var count = 0;
        while (true)
        {
            var read = await socket.ReceiveAsync(buffer.AsMemory(count));
            if (read == 0)
            {
                return;
            }

            count += read;
            var text = Encoding.Latin1.GetString(buffer, 0, count);
            var end = text.IndexOf("\r\n\r\n", StringComparison.Ordinal);
            if (end < 0)
            {
                continue;
            }

            var lengthAt = text.IndexOf("Content-Length: ", StringComparison.OrdinalIgnoreCase);
            var length = int.Parse(text.AsSpan(lengthAt + 16, text.IndexOf('\r', lengthAt) - lengthAt - 16), System.Globalization.CultureInfo.InvariantCulture);
            if (count >= end + 4 + length)
            {
                return;
            }
        }
    }

    /// <summary>A TCP server on loopback that runs a script on each connection it accepts.</summary>
    private sealed class RawServer : IDisposable
    {
        private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
        private readonly CancellationTokenSource _stop = new();
        private int _accepted;
        private int _closed;

        public RawServer(Func<Socket, CancellationToken, Task> script)
        {
            _listener.Start();
            _ = Task.Run(async () =>
            {
                while (!_stop.IsCancellationRequested)
                {
                    Socket socket;
                    try
                    {
                        socket = await _listener.AcceptSocketAsync(_stop.Token);
                    }
                    catch (Exception) when (_stop.IsCancellationRequested)
                    {
                        return;
                    }

                    Interlocked.Increment(ref _accepted);
                    _ = Task.Run(async () =>
                    {
                        using (socket)
                        {
                            try
                            {
                                await script(socket, _stop.Token);
                            }
                            catch (Exception) when (_stop.IsCancellationRequested || socket.Connected is false)
                            {
                                // The test ended, or the script closed the socket itself.
                            }
                        }

                        Interlocked.Increment(ref _closed);
                    });
                }
            });
        }

        public string Address => $"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/service";

        public int Accepted => Volatile.Read(ref _accepted);

        public int Closed => Volatile.Read(ref _closed);

        public void Dispose()
        {
            _stop.Cancel();
            _listener.Stop();
            _stop.Dispose();
        }
    }
}
