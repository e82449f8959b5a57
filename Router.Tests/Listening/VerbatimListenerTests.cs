using System.Diagnostics;
using System.Net;
using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>Real SOAP clients (HttpClient) through the real listeners to real Kestrel backends on loopback.</summary>
public sealed class VerbatimListenerTests
{
    private static readonly HttpClient Client = new(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) };

    [Theory]
    [InlineData("basic", WireBindingNames.BasicHttp, 1024)]
    [InlineData("basic", WireBindingNames.BasicHttp, 200 * 1024)]
    [InlineData("soap12", WireBindingNames.Soap12Http, 1024)]
    [InlineData("soap12", WireBindingNames.Soap12Http, 200 * 1024)]
    [InlineData("binary", WireBindingNames.BinaryHttp, 1024)]
    [InlineData("binary", WireBindingNames.BinaryHttp, 200 * 1024)]
    public async Task RoundTrip_MatchedBindings_BackendGetsTheClientsBytesAndClientGetsTheBackendsBytes(string listener, string binding, int size)
    {
        var replyBody = SoapMessages.Body(listener, size + 17, "urn:echoResponse");
        var replyType = SoapMessages.ContentType(listener);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, replyType, replyBody));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(binding, [backend.Address()])));
        var body = SoapMessages.Body(listener, size);
        using var request = SoapMessages.Request(router.Address(listener), listener, body);
        request.Headers.TryAddWithoutValidation("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(replyType, response.Content.Headers.ContentType!.ToString());
        Assert.Equal(replyBody, await response.Content.ReadAsByteArrayAsync());
        var received = Assert.Single(backend.Requests);
        Assert.Equal(ExpectedAtBackend(listener, body, backend.Address()), received.Body);
        Assert.Equal(request.Content!.Headers.ContentType!.ToString(), received.Header("Content-Type"));
        // The trace continues at the backend: the client's traceparent as sent, or (while a listener samples the router's
        // spans, as other tests in this process may) the router's attempt span in the same trace.
        Assert.StartsWith("00-0af7651916cd43dd8448eb211c80319c-", received.Header("traceparent"), StringComparison.Ordinal);
        if (listener == "basic")
        {
            Assert.Equal("\"urn:echo\"", received.Header("SOAPAction"));
        }

        var stats = router.Statistics.Snapshot();
        Assert.Equal(1, stats.Paths.Verbatim.Messages);
        Assert.Equal(body.Length, stats.Paths.Verbatim.BytesIn);
        Assert.Equal(replyBody.Length, stats.Paths.Verbatim.BytesOut);
        Assert.Equal(1, stats.Routes["all"].Messages);
        Assert.Equal(received.Body.Length, stats.Destinations["d1"].BytesOut);
        Assert.Equal(replyBody.Length, stats.Destinations["d1"].BytesIn);
    }

    [Fact]
    public async Task OneWay_BackendAnswers202Empty_ClientGets202AndItIsCountedOneWay()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(202, null, []));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [backend.Address()])));
        using var request = SoapMessages.Request(router.Address("soap12"), "soap12", SoapMessages.Soap12(100));

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Accepted, response.StatusCode);
        Assert.Empty(await response.Content.ReadAsByteArrayAsync());
        Assert.Single(backend.Requests);
        Assert.Equal(1, router.Statistics.Snapshot().OneWay);
    }

    [Fact]
    public async Task BackendFault_ReachesTheClientUnchanged()
    {
        var fault = Encoding.UTF8.GetBytes(
            "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>order 7 is unknown</faultstring></s:Fault></s:Body></s:Envelope>");
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(500, "text/xml; charset=utf-8", fault));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])));
        using var request = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(100));

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Equal("text/xml; charset=utf-8", response.Content.Headers.ContentType!.ToString());
        Assert.Equal(fault, await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BackendFault);
        Assert.Equal(0, router.Statistics.Snapshot().Paths.Verbatim.Failures);
    }

    [Fact]
    public async Task DeadPrimaryLiveBackup_TheBackupAnswers()
    {
        await using var backup = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var dead = $"http://127.0.0.1:{FreePort.Unused()}/service";
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [dead], backups: [backup.Address()])));
        var body = SoapMessages.Soap11(500);
        using var request = SoapMessages.Request(router.Address("basic"), "basic", body);

        using var response = await Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(body, await response.Content.ReadAsByteArrayAsync());
        var stats = router.Statistics.Snapshot();
        Assert.Equal(1, stats.Destinations["d1"].Failures);
        Assert.Equal(1, stats.Destinations["d-backup1"].Messages);
    }

    [Fact]
    public async Task AllDestinationsDead_ClearReceiverFault_AndTheNextRequestStillWorks()
    {
        await using var live = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap12ContentType));
        var dead = $"http://127.0.0.1:{FreePort.Unused()}/service";
        var config = ListeningRouter.Config(
            [TestConfigs.Route("dead", "dead", TestConfigs.Action("urn:dead")), TestConfigs.Route("live", "live", TestConfigs.MatchAll())],
            new()
            {
                ["dead"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [dead], backups: [$"http://127.0.0.1:{FreePort.Unused()}/b"], prefix: "dead"),
                ["live"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [live.Address()], prefix: "live"),
            });
        await using var router = await ListeningRouter.StartAsync(config);

        using var failing = SoapMessages.Request(router.Address("soap12"), "soap12", SoapMessages.Soap12(100, "urn:dead", "urn:uuid:dead"), "urn:dead");
        using var failed = await Client.SendAsync(failing);
        var faultBody = await failed.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.InternalServerError, failed.StatusCode);
        Assert.Equal("The service is unavailable.", SoapMessages.FaultReason(faultBody, failed.Content.Headers.ContentType));
        var faultText = Encoding.UTF8.GetString(faultBody);
        Assert.Contains("s:Receiver", faultText, StringComparison.Ordinal);
        Assert.Contains(">urn:uuid:dead</a:RelatesTo>", faultText, StringComparison.Ordinal);
        Assert.DoesNotContain("refused", faultText, StringComparison.OrdinalIgnoreCase);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.BackendUnavailable);
        // Per message at Debug; at Warning only one aggregated line per destination per interval (DestinationFailureLogTests).
        Assert.NotNull(await router.Log.WaitFor(Microsoft.Extensions.Logging.LogLevel.Debug, "via route dead failed").WaitAsync(TimeSpan.FromSeconds(10)));

        using var next = SoapMessages.Request(router.Address("soap12"), "soap12", SoapMessages.Soap12(100));
        using var answered = await Client.SendAsync(next);
        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
    }

    [Fact]
    public async Task SlowBackend_PastRequestTimeout_TimeoutFault_WhileAParallelRequestToAnotherRouteIsAnswered()
    {
        await using var slow = await RecordingBackend.StartAsync(RecordingBackend.Stalls());
        await using var fast = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.Soap11ContentType));
        var config = ListeningRouter.Config(
            [TestConfigs.Route("slow", "slow", TestConfigs.Action("urn:slow")), TestConfigs.Route("fast", "fast", TestConfigs.MatchAll())],
            new()
            {
                ["slow"] = ListeningRouter.Cluster(WireBindingNames.BasicHttp, [slow.Address()], requestTimeout: TimeSpan.FromMilliseconds(1500), prefix: "slow"),
                ["fast"] = ListeningRouter.Cluster(WireBindingNames.BasicHttp, [fast.Address()], prefix: "fast"),
            });
        await using var router = await ListeningRouter.StartAsync(config);
        var clock = Stopwatch.StartNew();

        using var slowRequest = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(100), "urn:slow");
        var slowResponse = Client.SendAsync(slowRequest);
        using var fastRequest = SoapMessages.Request(router.Address("basic"), "basic", SoapMessages.Soap11(100), "urn:fast");
        using var fastResponse = await Client.SendAsync(fastRequest);

        Assert.Equal(HttpStatusCode.OK, fastResponse.StatusCode);
        Assert.False(slowResponse.IsCompleted, "the fast route waited for the slow one");
        using var timedOut = await slowResponse;
        Assert.Equal(HttpStatusCode.InternalServerError, timedOut.StatusCode);
        Assert.Equal(
            "The service is unavailable: it did not answer in time.",
            SoapMessages.FaultReason(await timedOut.Content.ReadAsByteArrayAsync(), timedOut.Content.Headers.ContentType));
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), clock.Elapsed.ToString());
    }

    // The client's bytes, except that wsa:To names the backend instead of the router (spliced, so everything else is byte
    // for byte the client's); basicHttp has no To. The binary splice is one Chars8 record in place of the old one.
    private static byte[] ExpectedAtBackend(string listener, byte[] body, string backendAddress) => listener switch
    {
        "soap12" => Encoding.UTF8.GetBytes(Encoding.UTF8.GetString(body).Replace(">http://router/soap12<", $">{backendAddress}<", StringComparison.Ordinal)),
        "binary" => Splice(body, "http://router/soap12", backendAddress),
        _ => body,
    };

    private static byte[] Splice(byte[] msbin1, string from, string to)
    {
        byte[] oldRecord = [0x99, (byte)from.Length, .. Encoding.UTF8.GetBytes(from)];
        byte[] newRecord = [0x99, (byte)to.Length, .. Encoding.UTF8.GetBytes(to)];
        var at = msbin1.AsSpan().IndexOf(oldRecord);
        Assert.True(at > 0, "the client's To record is not in the message");
        return [.. msbin1.AsSpan(0, at), .. newRecord, .. msbin1.AsSpan(at + oldRecord.Length)];
    }

    [Theory]
    [InlineData("basic", WireBindingNames.BasicHttp)]
    [InlineData("soap12", WireBindingNames.Soap12Http)]
    public async Task BackendEmpty500_ReceiverFault_CountedAsBackendErrorNotUnavailable(string listener, string binding)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(500, contentType: null, []));
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(binding, [backend.Address()])));

        using var request = SoapMessages.Request(router.Address(listener), listener, SoapMessages.Body(listener, 100));
        using var response = await Client.SendAsync(request);
        var body = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.Equal("The service failed to process the message.", SoapMessages.FaultReason(body, response.Content.Headers.ContentType));
        Assert.Single(backend.Requests);
        var faults = router.Statistics.Snapshot().Faults;
        Assert.Equal(1, faults.BackendError);
        Assert.Equal(0, faults.BackendUnavailable);
        Assert.Equal(0, faults.BackendFault);
    }
}
