using System.Diagnostics;
using BackendStub.Service;
using LoadClient;
using LoadClient.Driving;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Configuration;
using SoapRouter.Wire.Tracing;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Telemetry;

/// <summary>LoadClient → router → BackendStub, every process's spans in one trace per request (the demo's whole traces).</summary>
public sealed class LoadClientTraceTests
{
    [Theory]
    [InlineData("raw", "soap12", WireBindingNames.Soap12Http)]
    [InlineData("wcf", "soap12", WireBindingNames.Soap12Http)]
    [InlineData("wcf", "basic", WireBindingNames.BasicHttp)]
    [InlineData("wcf", "tcp", WireBindingNames.NetTcp)]
    public async Task LoadClientThroughRouterToStub_EachRequestIsOneTraceRootedAtLoadClient(string client, string listener, string bindingName)
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name, LoadTracing.Name);
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var destination = stub.Address(WireBindings.Get(bindingName)).AbsoluteUri;
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(bindingName, [destination]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners, TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
            Telemetry = new TelemetryConfig
            {
                Tracing = new TracingConfig { SoapHeader = new TraceHeaderConfig { Name = "traceparent", Namespace = TraceParentSoapHeader.DefaultNamespace } },
            },
        });
        using var output = new StringWriter();
        using var error = new StringWriter();

        var exitCode = await LoadApp.RunAsync(
            ["--client", client, "--url", router.Address(listener).AbsoluteUri, "--binding", bindingName, "--requests", "4", "--warmup", "0", "--concurrency", "2"],
            output,
            error,
            CancellationToken.None);

        ExitCodeAssert.Equal(0, exitCode, output.ToString() + error);

        // Other tests run LoadClient and routers at the same time: this test's traces are those whose attempt went to its stub.
        var attempts = spans.Where(span => span.Source.Name == RouterTelemetry.Name && Equals(span.GetTagItem(SpanTags.DestinationAddress), destination));
        Assert.True(attempts.Count >= 4, $"{attempts.Count} attempts to the stub");
        foreach (var attempt in attempts)
        {
            var trace = await spans.WaitForAsync(attempt.TraceId, 4);
            var root = Assert.Single(trace, span => span.Source.Name == LoadTracing.Name);
            var server = Assert.Single(trace, span => span.Source.Name == RouterTelemetry.Name && span.Kind == ActivityKind.Server);
            var backend = Assert.Single(trace, span => span.Source.Name == StubTracing.Name);
            Assert.Equal(default, root.ParentSpanId);
            Assert.Equal(ActivityKind.Client, root.Kind);
            Assert.Equal(root.SpanId, server.ParentSpanId);
            Assert.Equal(server.SpanId, attempt.ParentSpanId);
            Assert.Equal(attempt.SpanId, backend.ParentSpanId);
        }
    }
}
