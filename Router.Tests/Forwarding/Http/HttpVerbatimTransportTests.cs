using System.Net;
using System.Net.Sockets;
using System.Text;
using Microsoft.AspNetCore.Http;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding.Http;

public sealed class HttpVerbatimTransportTests : IDisposable
{
    private const string Soap11ContentType = "text/xml; charset=utf-8";
    private const string EchoAction = "\"http://tempuri.org/IEchoService/Echo\"";

    private static readonly byte[] Soap11Fault = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault>"
        + "<faultcode>s:Server</faultcode><faultstring xml:lang=\"en\">backend broke</faultstring></s:Fault></s:Body></s:Envelope>");

    private readonly HttpDestinationClients _clients = new(TimeProvider.System, TimeSpan.FromMinutes(2));
    private readonly CountingArrayPool _pool = new();
    private readonly CapturingLogger<HttpVerbatimTransport> _logger = new();
    private readonly HttpVerbatimTransport _transport;

    public HttpVerbatimTransportTests() => _transport = new HttpVerbatimTransport(_clients, maxReplySize: 1024 * 1024, _logger, _pool);

    public void Dispose() => _clients.Dispose();

    [Theory]
    [InlineData(1024)]
    [InlineData(200 * 1024)]
    public async Task Send_MatchedEncoders_BackendReceivesTheBytesContentTypeAndSoapActionUnchanged(int size)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        var body = RandomBytes(size, seed: size);

        using var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), new RawSoapRequest(body, Soap11ContentType) { SoapAction = EchoAction });

        var received = Assert.Single(backend.Requests);
        Assert.Equal("POST", received.Method);
        Assert.Equal("/service", received.Path);
        // The backend received the bytes sent, unchanged.
        Assert.Equal(body, received.Body);
        Assert.Equal(Soap11ContentType, received.Header("Content-Type"));
        Assert.Equal(EchoAction, received.Header("SOAPAction"));
        Assert.Equal(size.ToString(System.Globalization.CultureInfo.InvariantCulture), received.Header("Content-Length"));
        Assert.Null(received.Header("Transfer-Encoding"));
        // The reply is what the backend wrote.
        Assert.Equal(body.AsSpan(), reply.Body.Span);
        Assert.Equal(200, reply.StatusCode);
        Assert.Equal("text/xml; charset=utf-8", reply.ContentType);
    }

    [Fact]
    public async Task Send_Soap12ContentTypeWithActionParameter_ArrivesExactlyAsGivenWithoutSoapAction()
    {
        const string contentType = "application/soap+xml;charset=UTF-8;action=\"urn:orders/Submit\"";
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("application/soap+xml; charset=utf-8"));

        using var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), new RawSoapRequest(RandomBytes(300, 1), contentType));

        var received = Assert.Single(backend.Requests);
        Assert.Equal(contentType, received.Header("Content-Type"));
        Assert.Null(received.Header("SOAPAction"));
    }

    [Fact]
    public async Task Send_TraceContext_TravelsInTransportHeaders()
    {
        const string traceParent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        const string traceState = "congo=t61rcWkgMzE";
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(Soap11ContentType));

        using var reply = await SendExpectingAsync(
            ForwardError.None,
            backend.Address(),
            new RawSoapRequest(RandomBytes(100, 2), Soap11ContentType) { TraceParent = traceParent, TraceState = traceState });

        var received = Assert.Single(backend.Requests);
        Assert.Equal(traceParent, received.Header("traceparent"));
        Assert.Equal(traceState, received.Header("tracestate"));
    }

    [Fact]
    public async Task Send_NoTraceContextGiven_AddsNoTraceHeaders()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(Soap11ContentType));

        using var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), new RawSoapRequest(RandomBytes(100, 3), Soap11ContentType));

        var received = Assert.Single(backend.Requests);
        Assert.Null(received.Header("traceparent"));
        Assert.Null(received.Header("SOAPAction"));
    }

    [Fact]
    public async Task Send_Soap11FaultWith500_IsReturnedAsFaultWithItsBytesIntact()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(500, Soap11ContentType, Soap11Fault));

        using var reply = await SendExpectingAsync(ForwardError.BackendFault, backend.Address(), Request());

        Assert.Equal(500, reply.StatusCode);
        Assert.Equal(Soap11ContentType, reply.ContentType);
        Assert.Equal(Soap11Fault, reply.Body.ToArray());
    }

    [Theory]
    [InlineData("application/soap+xml; charset=utf-8")]
    [InlineData("application/soap+msbin1")]
    public async Task Send_Soap12SenderFaultWith400_IsReturnedAsFault(string contentType)
    {
        var fault = RandomBytes(500, 4);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(400, contentType, fault));

        using var reply = await SendExpectingAsync(ForwardError.BackendFault, backend.Address(), Request());

        Assert.Equal(400, reply.StatusCode);
        Assert.Equal(fault, reply.Body.ToArray());
    }

    [Theory]
    [InlineData(404, "text/html")]
    [InlineData(415, null)]
    [InlineData(400, "text/xml; charset=utf-8")]
    [InlineData(302, null)]
    public async Task Send_StatusThatIsNeitherReplyNorSoapFault_IsResponseInvalidAndLogged(int status, string? contentType)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(status, contentType, Encoding.UTF8.GetBytes("<html>no</html>")));

        var result = await SendAsync(backend.Address(), Request());

        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
        Assert.Null(result.Reply);
        Assert.Equal(0, _pool.Outstanding);
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains($"HTTP {status}", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(500, null, "")]
    [InlineData(500, "text/xml; charset=utf-8", "")]
    [InlineData(500, "text/html; charset=utf-8", "<html>no</html>")]
    [InlineData(502, "text/xml; charset=utf-8", "<html>no</html>")]
    [InlineData(503, "text/plain", "busy")]
    public async Task Send_5xxWithoutASoapFault_IsBackendErrorAndLogged(int status, string? contentType, string body)
    {
        // The backend was reached and answered: not "unavailable", and not a fault to pass through either.
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(status, contentType, Encoding.UTF8.GetBytes(body)));

        var result = await SendAsync(backend.Address(), Request());

        Assert.Equal(ForwardError.BackendError, result.Error);
        Assert.Null(result.Reply);
        Assert.Equal(0, _pool.Outstanding);
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains($"HTTP {status}", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Send_Redirect_IsNotFollowed()
    {
        await using var backend = await RecordingBackend.StartAsync((context, _, b) =>
        {
            context.Response.StatusCode = 307;
            context.Response.Headers.Location = b.Address("/elsewhere");
            return Task.CompletedTask;
        });

        var result = await SendAsync(backend.Address(), Request());

        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
        Assert.Single(backend.Requests);
    }

    [Fact]
    public async Task Send_BackendSetsCookie_LaterRequestsCarryNoCookieAndNoAcceptEncoding()
    {
        await using var backend = await RecordingBackend.StartAsync(async (context, received, b) =>
        {
            context.Response.Headers.SetCookie = "session=abc; Path=/";
            await RecordingBackend.Echoes(Soap11ContentType)(context, received, b);
        });

        (await SendExpectingAsync(ForwardError.None, backend.Address(), Request())).Dispose();
        (await SendExpectingAsync(ForwardError.None, backend.Address(), Request())).Dispose();

        Assert.Equal(2, backend.Requests.Count);
        Assert.All(backend.Requests, received =>
        {
            Assert.Null(received.Header("Cookie"));
            Assert.Null(received.Header("Accept-Encoding"));
            Assert.Null(received.Header("Expect"));
        });
    }

    [Fact]
    public async Task Send_OneWayAnswered202Empty_IsSuccessWithAnEmptyReply()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(202, null, []));

        using var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), Request() with { AcceptsEmptyReply = true });

        Assert.Equal(202, reply.StatusCode);
        Assert.True(reply.IsEmpty);
        Assert.Equal(0, reply.Body.Length);
        Assert.Equal(0, _pool.Rents);
    }

    [Fact]
    public async Task Send_OneWayAnsweredWithEmptyChunkedBody_IsSuccessAndHoldsNoPooledBuffer()
    {
        await using var backend = await RecordingBackend.StartAsync(async (context, _, _) =>
        {
            // Headers flushed without a Content-Length: the empty body goes out as a lone terminating chunk.
            context.Response.StatusCode = 200;
            await context.Response.StartAsync();
        });

        using var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), Request() with { AcceptsEmptyReply = true });

        Assert.True(reply.IsEmpty);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_RequestReplyAnswered202Empty_IsResponseInvalid()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(202, null, []));

        var result = await SendAsync(backend.Address(), Request());

        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
    }

    [Fact]
    public async Task Send_RefusedPort_IsConnectionRefused()
    {
        var result = await SendAsync($"http://127.0.0.1:{FreePort.Unused()}/service", Request());

        Assert.Equal(ForwardError.ConnectionRefused, result.Error);
        Assert.Equal(0, _pool.Rents);
    }

    [Fact]
    public async Task Send_BackendResetsAfterReadingTheRequest_IsResetAfterSendBecauseItMayHaveBeenProcessed()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        var body = RandomBytes(2000, 6);
        var backend = Task.Run(async () =>
        {
            using var socket = await listener.AcceptSocketAsync();
            var buffer = new byte[64 * 1024];
            var total = 0;
            while (total < body.Length)
            {
                var read = await socket.ReceiveAsync(buffer.AsMemory(total));
                if (read == 0)
                {
                    break;
                }

                total += read;
            }

            // Linger 0: close with a reset, as a crashed backend would.
            socket.LingerState = new LingerOption(true, 0);
            socket.Close();
        });

        var result = await SendAsync($"http://127.0.0.1:{port}/service", new RawSoapRequest(body, Soap11ContentType));
        await backend;

        Assert.Equal(ForwardError.ResetAfterSend, result.Error);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_TokenFiresWhileBackendStalls_ReturnsCancelledInsteadOfThrowing()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        using var timeout = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));

        var result = await SendAsync(backend.Address(), Request(), cancellationToken: timeout.Token);

        Assert.Equal(ForwardError.Cancelled, result.Error);
    }

    [Fact]
    public async Task Send_ReplyOverLimitWithContentLength_IsResponseInvalidWithoutRentingABuffer()
    {
        var transport = new HttpVerbatimTransport(_clients, maxReplySize: 4096, _logger, _pool);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, Soap11ContentType, RandomBytes(4097, 5)));

        var result = await SendAsync(backend.Address(), Request(), transport: transport);

        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
        Assert.Equal(0, _pool.Rents);
        Assert.Contains(_logger.Entries, entry => entry.Message.Contains("4096-byte limit", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Send_ChunkedReplyOverLimit_IsResponseInvalidAndEveryRentedBufferIsReturned()
    {
        var transport = new HttpVerbatimTransport(_clients, maxReplySize: 40 * 1024, _logger, _pool);
        await using var backend = await RecordingBackend.StartAsync(ChunkedReply(chunks: 20, chunkSize: 4096));

        var result = await SendAsync(backend.Address(), Request(), transport: transport);

        Assert.Equal(ForwardError.ResponseInvalid, result.Error);
        Assert.True(_pool.Rents >= 2, "a chunked body should have grown the buffer at least once");
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Send_ChunkedReplyExactlyAtLimit_IsReadWhole()
    {
        var transport = new HttpVerbatimTransport(_clients, maxReplySize: 40 * 1024, _logger, _pool);
        await using var backend = await RecordingBackend.StartAsync(ChunkedReply(chunks: 10, chunkSize: 4096));

        var result = await SendAsync(backend.Address(), Request(), transport: transport);

        Assert.Equal(ForwardError.None, result.Error);
        using (var reply = result.Reply!)
        {
            Assert.Equal(40 * 1024, reply.Length);
            Assert.Equal(Soap11ContentType, reply.ContentType);
            Assert.Equal(ChunkBytes(10, 4096), reply.Body.ToArray());
        }

        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Reply_DisposedTwice_ReturnsItsBufferOnceAndRefusesBodyAccess()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(Soap11ContentType));
        var reply = await SendExpectingAsync(ForwardError.None, backend.Address(), Request());
        Assert.Equal(1, _pool.Outstanding);

        reply.Dispose();
        reply.Dispose();

        Assert.Equal(0, _pool.Outstanding);
        Assert.Equal(_pool.Rents, _pool.Returns);
        Assert.Throws<ObjectDisposedException>(() => reply.Body);
    }

    [Fact]
    public async Task Send_FiftyConcurrentMessages_AllSucceedAndTheBackendSeesFiftyDistinctBodies()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(Soap11ContentType));
        var bodies = new byte[50][];
        var sends = new Task<AttemptResult<RawSoapReply>>[bodies.Length];
        for (var i = 0; i < bodies.Length; i++)
        {
            bodies[i] = Encoding.UTF8.GetBytes($"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><n>{i}</n></s:Body></s:Envelope>");
            sends[i] = SendAsync(backend.Address(), new RawSoapRequest(bodies[i], Soap11ContentType));
        }

        var results = await Task.WhenAll(sends);

        for (var i = 0; i < results.Length; i++)
        {
            Assert.Equal(ForwardError.None, results[i].Error);
            using var reply = results[i].Reply!;
            Assert.Equal(bodies[i], reply.Body.ToArray());
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var received in backend.Requests)
        {
            seen.Add(Convert.ToBase64String(received.Body));
        }

        Assert.Equal(50, backend.Requests.Count);
        Assert.Equal(50, seen.Count);
        Assert.Equal(0, _pool.Outstanding);
    }

    private static RawSoapRequest Request() => new(Encoding.UTF8.GetBytes("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body/></s:Envelope>"), Soap11ContentType);

    private static byte[] RandomBytes(int size, int seed)
    {
        var bytes = new byte[size];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    private static byte[] ChunkBytes(int chunks, int chunkSize)
    {
        var bytes = new byte[chunks * chunkSize];
        for (var i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)(i / chunkSize);
        }

        return bytes;
    }

    /// <summary>A 200 reply without Content-Length, flushed chunk by chunk so it goes out with chunked encoding.</summary>
    private static Func<HttpContext, ReceivedRequest, RecordingBackend, Task> ChunkedReply(int chunks, int chunkSize) =>
        async (context, _, _) =>
        {
            var bytes = ChunkBytes(chunks, chunkSize);
            context.Response.ContentType = Soap11ContentType;
            for (var i = 0; i < chunks; i++)
            {
                await context.Response.Body.WriteAsync(bytes.AsMemory(i * chunkSize, chunkSize));
                await context.Response.Body.FlushAsync();
            }
        };

    private async Task<RawSoapReply> SendExpectingAsync(ForwardError expected, string address, RawSoapRequest request)
    {
        var result = await SendAsync(address, request);
        Assert.Equal(expected, result.Error);
        return Assert.IsType<RawSoapReply>(result.Reply);
    }

    private Task<AttemptResult<RawSoapReply>> SendAsync(
        string address,
        RawSoapRequest request,
        HttpVerbatimTransport? transport = null,
        CancellationToken cancellationToken = default)
    {
        var cluster = HttpTestClusters.State(address);
        return (transport ?? _transport).SendAsync(cluster.Primaries[0], cluster.ConnectTimeout, request, cancellationToken).AsTask();
    }
}
