using System.Net;
using System.Net.Sockets;
using System.Text;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>What the listeners refuse, and that each refusal leaves the router serving the next request.</summary>
public sealed class ListenerRefusalTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Theory]
    [InlineData("basic", HttpStatusCode.InternalServerError, "s:Client")]
    [InlineData("soap12", HttpStatusCode.InternalServerError, "s:Sender")]
    public async Task MalformedXml_SenderFaultWithoutParserText_AndTheNextRequestWorks(string listener, HttpStatusCode status, string code)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.ContentType(listener)));
        var binding = listener == "basic" ? WireBindingNames.BasicHttp : WireBindingNames.Soap12Http;
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(binding, [backend.Address()])));

        using var bad = SoapMessages.Request(router.Address(listener), listener, Encoding.UTF8.GetBytes("<s:Envelope><unclosed"));
        using var refused = await Client.SendAsync(bad);
        var text = await refused.Content.ReadAsStringAsync();

        Assert.Equal(status, refused.StatusCode);
        Assert.Contains(code, text, StringComparison.Ordinal);
        Assert.Contains("The message is not well-formed XML.", text, StringComparison.Ordinal);
        Assert.DoesNotContain("line", text, StringComparison.OrdinalIgnoreCase);
        Assert.Empty(backend.Requests);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BadRequest);

        using var good = SoapMessages.Request(router.Address(listener), listener, SoapMessages.Body(listener, 100));
        using var answered = await Client.SendAsync(good);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    [Theory]
    [InlineData("basic", "application/soap+xml; charset=utf-8", "text/xml")]
    [InlineData("soap12", "text/xml; charset=utf-8", "application/soap+xml")]
    [InlineData("binary", "text/xml", "application/soap+msbin1")]
    public async Task WrongContentType_415WithAFaultNamingTheExpectedType(string listener, string sent, string expected)
    {
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/x"])));
        using var request = new HttpRequestMessage(HttpMethod.Post, router.Address(listener)) { Content = new ByteArrayContent(SoapMessages.Soap11(10)) };
        request.Content.Headers.TryAddWithoutValidation("Content-Type", sent);

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        var reason = SoapMessages.FaultReason(await response.Content.ReadAsByteArrayAsync(), response.Content.Headers.ContentType);
        Assert.Contains($"must be {expected}", reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MediaType_IsMatchedIgnoringCaseAndParameters()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])));
        using var request = new HttpRequestMessage(HttpMethod.Post, router.Address("basic")) { Content = new ByteArrayContent(SoapMessages.Soap11(10)) };
        request.Content.Headers.TryAddWithoutValidation("Content-Type", "Text/XML;charset=UTF-8");

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("Text/XML;charset=UTF-8", Assert.Single(backend.Requests).Header("Content-Type"));
    }

    [Fact]
    public async Task OversizedBody_413_AndTheNextRequestWorks()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { MaxMessageSize = 16 * 1024, MaxDecompressedSize = 16 * 1024 };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));

        using var large = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(40 * 1024));
        using var refused = await Client.SendAsync(large);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, refused.StatusCode);
        Assert.Contains("larger than the router's limit of 16384 bytes", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Empty(backend.Requests);

        using var good = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(1024));
        using var answered = await Client.SendAsync(good);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    [Fact]
    public async Task OversizedChunkedBody_413()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var limits = new LimitsConfig { MaxMessageSize = 16 * 1024, MaxDecompressedSize = 16 * 1024 };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), limits));
        using var request = new HttpRequestMessage(HttpMethod.Post, router.Address("basic"))
        {
            Content = new StreamContent(new MemoryStream(SoapMessages.Soap11(40 * 1024))),
        };
        request.Content.Headers.TryAddWithoutValidation("Content-Type", SoapMessages.Soap11ContentType);
        request.Headers.TransferEncodingChunked = true;

        using var refused = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, refused.StatusCode);
        Assert.Empty(backend.Requests);
    }

    [Fact]
    public async Task UnknownPath_404_AndPathsMatchIgnoringCaseAndATrailingSlash()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])));
        var basic = router.Address("basic");

        using var unknown = SoapMessages.Request(new Uri(basic, "/router/nothing"), "basic", SoapMessages.Soap11(10));
        using var notFound = await Client.SendAsync(unknown);
        using var other = SoapMessages.Request(new Uri(basic, "/ROUTER/Basic/"), "basic", SoapMessages.Soap11(10));
        using var found = await Client.SendAsync(other);

        Assert.Equal(HttpStatusCode.NotFound, notFound.StatusCode);
        Assert.Equal("No SOAP listener at this address.\n", await notFound.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.OK, found.StatusCode);
    }

    [Fact]
    public async Task Get_405WithAllowPost()
    {
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:1/x"])));

        using var response = await Client.GetAsync(router.Address("basic"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
        Assert.Equal(["POST"], response.Content.Headers.Allow);
    }

    [Fact]
    public async Task NoMatchingRoute_NoRouteFaultCorrelatedWithTheRequest()
    {
        var config = ListeningRouter.Config(
            [TestConfigs.Route("orders", "c", TestConfigs.Action("urn:orders"))],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, ["http://127.0.0.1:1/x"]) });
        await using var router = await ListeningRouter.StartAsync(config);
        using var request = SoapMessages.Request(router.Address("soap12"), "soap12", SoapMessages.Soap12(10, "urn:other", "urn:uuid:42"), "urn:other");

        using var response = await Client.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();

        // WCF services answer every fault with 500, SOAP 1.2 Sender faults too: a WCF client reads fault bodies only then.
        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Contains("No route matches action 'urn:other'.", text, StringComparison.Ordinal);
        Assert.Contains(">urn:uuid:42</a:RelatesTo>", text, StringComparison.Ordinal);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.NoRoute);
    }

    [Fact]
    public async Task BinaryListener_FaultsAreMsbin1_AndTheActionComesFromTheContentType()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Msbin1ContentType));
        var config = ListeningRouter.Config(
            [TestConfigs.Route("echo", "c", TestConfigs.Action("urn:echo"))],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.BinaryHttp, [backend.Address()]) });
        await using var router = await ListeningRouter.StartAsync(config);

        using var routed = SoapMessages.Request(router.Address("binary"), "binary", SoapMessages.Binary(10));
        using var answered = await Client.SendAsync(routed);
        using var unrouted = SoapMessages.Request(router.Address("binary"), "binary", SoapMessages.Binary(10, "urn:other"), "urn:other");
        using var refused = await Client.SendAsync(unrouted);

        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
        Assert.Equal(HttpStatusCode.InternalServerError, refused.StatusCode);
        Assert.Equal(SoapMessages.Msbin1ContentType, refused.Content.Headers.ContentType!.MediaType);
        Assert.Equal("No route matches action 'urn:other'.", SoapMessages.FaultReason(await refused.Content.ReadAsByteArrayAsync(), refused.Content.Headers.ContentType));
    }

    [Fact]
    public async Task MixedCluster_EveryDestinationIsUsed_EachOnItsPath()
    {
        await using var basic = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var soap12 = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap12ContentType));
        var cluster = new ClusterConfig
        {
            Destinations =
            [
                new DestinationConfig { Name = "s12", Address = soap12.Address(), Binding = WireBindingNames.Soap12Http },
                new DestinationConfig { Name = "b", Address = basic.Address(), Binding = WireBindingNames.BasicHttp },
            ],
            Backups = [new DestinationConfig { Name = "tcp", Address = "net.tcp://127.0.0.1:1/x", Binding = WireBindingNames.NetTcp }],
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(cluster));

        for (var i = 0; i < 4; i++)
        {
            using var request = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(10));
            using var response = await Client.SendAsync(request);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        // Round robin over both: the basicHttp one verbatim, the soap12Http one re-encoded. (The cluster's net.tcp
        // backup has no metadataAddress, so the one-way learner may GET an HTTP destination's ?wsdl: POSTs are counted.)
        Assert.Equal(2, basic.Requests.Count(r => r.Method == "POST"));
        Assert.Equal(2, soap12.Requests.Count(r => r.Method == "POST"));
        var paths = router.Statistics.Snapshot().Paths;
        Assert.Equal(2, paths.Verbatim.Messages);
        Assert.Equal(2, paths.Reencoded.Messages);

        // The net.tcp backup is a backup like any other: not tried while the primaries answer, and no warning about it
        // (the recording backends serve no WSDL, so the one-way learner's warning about them is expected).
        Assert.DoesNotContain(
            router.Log.Entries,
            entry => entry.Level >= LogLevel.Warning && !entry.Message.Contains("one-way operations could not be learned", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ConcurrencyLimitReached_SecondRequestGets503Busy_AndTheRouterServesAgainAfterwards()
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var arrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var backend = await RecordingBackend.StartAsync(async (context, received, _) =>
        {
            if (received.Path == "/slow")
            {
                arrived.TrySetResult();
                await release.Task;
            }

            context.Response.ContentType = SoapMessages.Soap11ContentType;
            await context.Response.Body.WriteAsync(received.Body);
        });
        var limits = new LimitsConfig { MaxConcurrentRequests = 1 };
        var config = ListeningRouter.Config(
            [TestConfigs.Route("slow", "slow", TestConfigs.Action("urn:slow")), TestConfigs.Route("fast", "fast", TestConfigs.MatchAll())],
            new()
            {
                ["slow"] = ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address("/slow")], prefix: "slow"),
                ["fast"] = ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address("/fast")], prefix: "fast"),
            },
            limits);
        await using var router = await ListeningRouter.StartAsync(config);

        using var slowRequest = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(10), "urn:slow");
        var slow = Client.SendAsync(slowRequest);
        await arrived.Task.WaitAsync(TimeSpan.FromSeconds(10));
        using var busyRequest = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(10));
        using var busy = await Client.SendAsync(busyRequest);

        Assert.Equal(HttpStatusCode.ServiceUnavailable, busy.StatusCode);
        Assert.Equal(TimeSpan.FromSeconds(1), busy.Headers.RetryAfter?.Delta);
        Assert.Equal("The router is busy; try again later.", SoapMessages.FaultReason(await busy.Content.ReadAsByteArrayAsync(), busy.Content.Headers.ContentType));
        Assert.Equal(1, router.Statistics.Snapshot().Faults.RouterBusy);

        release.SetResult();
        using var slowResponse = await slow;
        Assert.Equal(HttpStatusCode.OK, slowResponse.StatusCode);
        using var nextRequest = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(10));
        using var next = await Client.SendAsync(nextRequest);
        Assert.Equal(HttpStatusCode.OK, next.StatusCode);
    }

    [Fact]
    public async Task TruncatedBody_ClientAbortIsCounted_AndTheNextRequestWorks()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])));
        var address = router.Address("basic");

        using (var socket = new TcpClient())
        {
            await socket.ConnectAsync(IPAddress.Loopback, address.Port);
            var head = $"POST {address.AbsolutePath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nContent-Length: 5000\r\n\r\n<s:Envelope";
            await socket.GetStream().WriteAsync(Encoding.ASCII.GetBytes(head));
            await socket.GetStream().FlushAsync();
        }

        await router.Log.WaitFor(LogLevel.Debug, "the client went away").WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(1, router.Statistics.Snapshot().Faults.ClientAborted);
        Assert.Empty(backend.Requests);

        using var good = SoapMessages.Request(address, "basic", SoapMessages.Soap11(100));
        using var answered = await Client.SendAsync(good);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }
}
