using System.Diagnostics;
using System.Net;
using System.ServiceModel;
using BackendStub.Service;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Telemetry;

/// <summary>
/// Real WCF clients through a real router to the real BackendStub, with an ActivityListener: one trace per call, the
/// router's server span under the client's traceparent, one client span per attempt under it, the stub's span under
/// that attempt.
/// </summary>
public sealed class TracingThroughRouterTests
{
    private static readonly TraceHeaderConfig TraceHeader = new() { Name = "traceparent", Namespace = TracedEcho.HeaderNamespace };

    [Theory]
    [InlineData("basic", WireBindingNames.BasicHttp, "verbatim")]
    [InlineData("soap12", WireBindingNames.Soap12Http, "verbatim")]
    [InlineData("binary", WireBindingNames.BinaryHttp, "verbatim")]
    [InlineData("tcp", WireBindingNames.NetTcp, "reencoded")]
    public async Task WcfClientThroughRouterToStub_OneTrace_ServerSpanAttemptSpanStubSpan(string listener, string bindingName, string path)
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name);
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var binding = WireBindings.Get(bindingName);
        await using var router = await StartRouterAsync(ListeningRouter.Cluster(bindingName, [stub.Address(binding).AbsoluteUri]));
        var (traceId, clientSpanId, traceParent) = NewTraceParent();

        using var client = StubWcfClient<IEchoService>.Create(binding, router.Address(listener));
        var reply = await TracedEcho.CallAsync(client, binding, traceParent, "traced");

        Assert.Equal("traced", reply.Text);
        var (server, attempt, backend) = OneChain(await spans.WaitForAsync(traceId, 3), clientSpanId);

        Assert.Equal(listener, server.GetTagItem(SpanTags.Listener));
        Assert.Equal(bindingName, server.GetTagItem(SpanTags.Binding));
        Assert.Equal(EchoServiceActions.Echo, server.GetTagItem(SpanTags.Action));
        Assert.Equal("all", server.GetTagItem(SpanTags.Route));
        Assert.Equal("ok", server.GetTagItem(SpanTags.Outcome));
        Assert.Equal(path, server.GetTagItem(SpanTags.Path));
        Assert.True(Convert.ToInt64(server.GetTagItem(SpanTags.RequestSize), System.Globalization.CultureInfo.InvariantCulture) > 0);
        Assert.Equal(ActivityStatusCode.Unset, server.Status);

        Assert.Equal("d1", attempt.GetTagItem(SpanTags.Destination));
        Assert.Equal(bindingName, attempt.GetTagItem(SpanTags.DestinationBinding));
        Assert.Equal(1, attempt.GetTagItem(SpanTags.Attempt));
        Assert.Equal(path, attempt.GetTagItem(SpanTags.Path));
        Assert.Equal("none", attempt.GetTagItem(SpanTags.AttemptError));
        Assert.Equal(ActivityStatusCode.Unset, attempt.Status);
        Assert.Equal(bindingName, backend.GetTagItem("stub.endpoint"));
        Assert.Equal(ActivityKind.Server, backend.Kind);
    }

    [Theory]
    [InlineData("soap12", WireBindingNames.Soap12Http, WireBindingNames.NetTcp)]
    [InlineData("tcp", WireBindingNames.NetTcp, WireBindingNames.Soap12Http)]
    [InlineData("basic", WireBindingNames.BasicHttp, WireBindingNames.NetTcp)]
    public async Task AcrossBindings_ReencodedAttempt_StubSpanIsTheAttemptsChild(string listener, string listenerBinding, string destinationBinding)
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name);
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var router = await StartRouterAsync(
            ListeningRouter.Cluster(destinationBinding, [stub.Address(WireBindings.Get(destinationBinding)).AbsoluteUri]));
        var (traceId, clientSpanId, traceParent) = NewTraceParent();

        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Get(listenerBinding), router.Address(listener));
        Assert.Equal("across", (await TracedEcho.CallAsync(client, WireBindings.Get(listenerBinding), traceParent, "across")).Text);

        var (_, attempt, _) = OneChain(await spans.WaitForAsync(traceId, 3), clientSpanId);
        Assert.Equal("reencoded", attempt.GetTagItem(SpanTags.Path));
    }

    [Fact]
    public async Task FirstDestinationDown_TwoAttemptSpansUnderOneServerSpan_TheFirstFailedTheSecondAnswered()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name);
        await using var stub = await RunningStub.StartAsync();
        var dead = $"http://127.0.0.1:{FreePort.Unused()}/soap12";
        await using var router = await StartRouterAsync(
            ListeningRouter.Cluster(WireBindingNames.Soap12Http, [dead], backups: [stub.Address(WireBindings.Soap12Http).AbsoluteUri]));
        var (traceId, clientSpanId, traceParent) = NewTraceParent();

        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
        var reply = await TracedEcho.CallAsync(client, WireBindings.Soap12Http, traceParent, "failed over");

        Assert.Equal("failed over", reply.Text);
        var trace = await spans.WaitForAsync(traceId, 4);
        var server = Assert.Single(trace, span => span.Source.Name == RouterTelemetry.Name && span.Kind == ActivityKind.Server);
        var attempts = trace.Where(span => span.Source.Name == RouterTelemetry.Name && span.Kind == ActivityKind.Client)
            .OrderBy(span => (int)span.GetTagItem(SpanTags.Attempt)!)
            .ToList();
        Assert.Equal(clientSpanId, server.ParentSpanId);
        Assert.Equal(2, attempts.Count);
        Assert.All(attempts, span => Assert.Equal(server.SpanId, span.ParentSpanId));
        Assert.Equal("d1", attempts[0].GetTagItem(SpanTags.Destination));
        Assert.Equal("connectionRefused", attempts[0].GetTagItem(SpanTags.AttemptError));
        Assert.Equal(ActivityStatusCode.Error, attempts[0].Status);
        Assert.Equal("d-backup1", attempts[1].GetTagItem(SpanTags.Destination));
        Assert.Equal(2, attempts[1].GetTagItem(SpanTags.Attempt));
        Assert.Equal("none", attempts[1].GetTagItem(SpanTags.AttemptError));
        var backend = Assert.Single(trace, span => span.Source.Name == StubTracing.Name);
        Assert.Equal(attempts[1].SpanId, backend.ParentSpanId);
        Assert.Equal("ok", server.GetTagItem(SpanTags.Outcome));
        Assert.Equal(1, router.Statistics.Failovers);
        Assert.Equal(1, router.Statistics.Retries);
    }

    [Fact]
    public async Task MalformedTraceParent_Ignored_MessageRoutedInANewTraceTheBackendContinues()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        await using var router = await StartRouterAsync(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]));

        using var request = SoapPost(router.Address("basic"), "00-not-a-trace-parent-01");
        using var http = new HttpClient();
        using var response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var received = Assert.Single(backend.Requests).Header("traceparent");
        Assert.True(ActivityContext.TryParse(received, null, out var sent), $"the backend got '{received}'");
        var trace = await spans.WaitForAsync(sent.TraceId, 2);
        var server = Assert.Single(trace, span => span.Kind == ActivityKind.Server);
        Assert.Equal(default, server.ParentSpanId);
        Assert.Equal(sent.SpanId, Assert.Single(trace, span => span.Kind == ActivityKind.Client).SpanId);
    }

    [Theory]
    [InlineData("garbage")]
    [InlineData("00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01")]
    public async Task MalformedSoapTraceHeaderOnNetTcp_Ignored_MessageAnsweredInANewTrace(string traceParent)
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name);
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var destination = stub.Address(WireBindings.NetTcp).AbsoluteUri;
        await using var router = await StartRouterAsync(ListeningRouter.Cluster(WireBindingNames.NetTcp, [destination]));

        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, router.Address("tcp"));
        Assert.Equal("still routed", (await TracedEcho.CallAsync(client, WireBindings.NetTcp, traceParent, "still routed")).Text);

        // This test's attempt is the one to its own stub; its trace is new (no parent) and reaches the stub.
        await Eventually.TrueAsync(
            () => Task.FromResult(spans.Where(span => Equals(span.GetTagItem(SpanTags.DestinationAddress), destination)).Count == 1), "one attempt to the stub");
        var attempt = Assert.Single(spans.Where(span => Equals(span.GetTagItem(SpanTags.DestinationAddress), destination)));
        var trace = await spans.WaitForAsync(attempt.TraceId, 3);
        var server = Assert.Single(trace, span => span.Kind == ActivityKind.Server && span.Source.Name == RouterTelemetry.Name);
        Assert.Equal(default, server.ParentSpanId);
        Assert.Equal(attempt.SpanId, Assert.Single(trace, span => span.Source.Name == StubTracing.Name).ParentSpanId);
    }

    [Fact]
    public async Task TracingDisabled_NoRouterSpans_TheClientsTraceParentReachesTheBackendUnchanged()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Telemetry = new TelemetryConfig { Tracing = new TracingConfig { Enabled = false } },
        });
        var (traceId, _, traceParent) = NewTraceParent();

        using var request = SoapPost(router.Address("basic"), traceParent);
        using var http = new HttpClient();
        using var response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(traceParent, Assert.Single(backend.Requests).Header("traceparent"));
        Assert.Empty(spans.OfTrace(traceId));
    }

    [Fact]
    public async Task TracingSwitchedOffByReload_LaterMessagesMakeNoSpans()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("text/xml; charset=utf-8"));
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]));
        await using var router = await ListeningRouter.StartAsync(config);
        using var http = new HttpClient();
        var (before, _, beforeParent) = NewTraceParent();
        using (var request = SoapPost(router.Address("basic"), beforeParent))
        using (var response = await http.SendAsync(request))
        {
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        await spans.WaitForAsync(before, 2);
        await router.ReloadAsync(config with { Telemetry = new TelemetryConfig { Tracing = new TracingConfig { Enabled = false } } });

        var (after, _, afterParent) = NewTraceParent();
        using (var request = SoapPost(router.Address("basic"), afterParent))
        using (var response = await http.SendAsync(request))
        {
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        Assert.Equal(afterParent, backend.Requests.Last().Header("traceparent"));
        Assert.Empty(spans.OfTrace(after));
    }

    [Fact]
    public async Task NoRoute_ServerSpanMarkedWithTheFaultKind()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        await using var stub = await RunningStub.StartAsync();
        var config = ListeningRouter.Config(
            [TestConfigs.Route("other", "c", TestConfigs.Action("urn:nothing-sends-this"))],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]) });
        await using var router = await ListeningRouter.StartAsync(config);
        var (traceId, _, traceParent) = NewTraceParent();

        using var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
        await Assert.ThrowsAnyAsync<FaultException>(() => TracedEcho.CallAsync(client, WireBindings.Soap12Http, traceParent, "lost"));

        var server = Assert.Single(await spans.WaitForAsync(traceId, 1));
        Assert.Equal("noRoute", server.GetTagItem(SpanTags.Outcome));
        Assert.Equal(ActivityStatusCode.Error, server.Status);
        Assert.Null(server.GetTagItem(SpanTags.Route));
    }

    private static Task<ListeningRouter> StartRouterAsync(ClusterConfig cluster)
    {
        var config = ListeningRouter.CatchAll(cluster);
        return ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners, TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Telemetry = new TelemetryConfig { Tracing = new TracingConfig { SoapHeader = TraceHeader } },
        });
    }

    /// <summary>
    /// The trace's one router server span, one attempt span and one stub span, each the child of the one before it
    /// (the server span of the client's span).
    /// </summary>
    private static (Activity Server, Activity Attempt, Activity Backend) OneChain(IReadOnlyCollection<Activity> trace, ActivitySpanId clientSpanId)
    {
        var server = Assert.Single(trace, span => span.Source.Name == RouterTelemetry.Name && span.Kind == ActivityKind.Server);
        var attempt = Assert.Single(trace, span => span.Source.Name == RouterTelemetry.Name && span.Kind == ActivityKind.Client);
        var backend = Assert.Single(trace, span => span.Source.Name == StubTracing.Name);
        Assert.Equal(clientSpanId, server.ParentSpanId);
        Assert.Equal(server.SpanId, attempt.ParentSpanId);
        Assert.Equal(attempt.SpanId, backend.ParentSpanId);
        return (server, attempt, backend);
    }

    private static (ActivityTraceId TraceId, ActivitySpanId SpanId, string TraceParent) NewTraceParent()
    {
        var traceId = ActivityTraceId.CreateRandom();
        var spanId = ActivitySpanId.CreateRandom();
        return (traceId, spanId, $"00-{traceId}-{spanId}-01");
    }

    private static HttpRequestMessage SoapPost(Uri address, string traceParent)
    {
        const string envelope = """<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Ping xmlns="urn:test"/></s:Body></s:Envelope>""";
        var request = new HttpRequestMessage(HttpMethod.Post, address)
        {
            Content = new StringContent(envelope, System.Text.Encoding.UTF8, "text/xml"),
        };
        request.Headers.TryAddWithoutValidation("SOAPAction", "\"urn:test/Ping\"");
        request.Headers.TryAddWithoutValidation("traceparent", traceParent);
        return request;
    }
}
