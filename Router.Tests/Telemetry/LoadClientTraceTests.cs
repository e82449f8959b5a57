using System.Diagnostics;
using BackendStub.Service;
using LoadClient;
using LoadClient.Driving;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Telemetry;

/// <summary>LoadClient → router → BackendStub, every process's spans in one trace per request (the demo's whole traces).</summary>
public sealed class LoadClientTraceTests
{
    [Fact]
    public async Task RawLoadClientThroughRouterToStub_EachRequestIsOneTraceRootedAtLoadClient()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name, StubTracing.Name, LoadTracing.Name);
        await using var stub = await RunningStub.StartAsync();
        var destination = stub.Address(WireBindings.Soap12Http).AbsoluteUri;
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [destination])));
        using var output = new StringWriter();
        using var error = new StringWriter();

        var exitCode = await LoadApp.RunAsync(
            ["--client", "raw", "--url", router.Address("soap12").AbsoluteUri, "--binding", WireBindingNames.Soap12Http, "--requests", "4", "--warmup", "0", "--concurrency", "2"],
            output,
            error,
            CancellationToken.None);

        Assert.True(exitCode == 0, output.ToString() + error);

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
