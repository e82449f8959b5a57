using System.Net;
using System.Text.Json;
using Samples.Contracts;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Telemetry;

/// <summary>
/// The router's Meter as messages pass through a real router to a real stub: the observable instruments read the same
/// counters /stats shows, the histograms get one duration per message and per attempt, and /metrics on the admin
/// address answers Prometheus text with them.
/// </summary>
public sealed class RouterMetricsTests
{
    private static readonly HttpClient Client = new() { Timeout = TimeSpan.FromSeconds(30) };

    [Fact]
    public async Task MessagesThroughRouter_InstrumentsMove_AndAgreeWithStats()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [stub.Address(WireBindings.BasicHttp).AbsoluteUri])));
        using var metrics = new MeterCollector(router.Host.Metrics.Meter);
        metrics.Collect();
        Assert.Equal(1, metrics.Single(MetricNames.DestinationHealth, ("soaprouter.destination", "d1")));
        Assert.Empty(metrics.Values(MetricNames.Messages, ("soaprouter.listener", "basic")));

        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, router.Address("basic")))
        {
            for (var i = 0; i < 3; i++)
            {
                Assert.Equal("m" + i, (await client.Channel.EchoAsync(new EchoPayload { Text = "m" + i })).Text);
            }

            Assert.Equal(3, metrics.Values(MetricNames.MessageDuration, ("soaprouter.listener", "basic"), ("soaprouter.route", "all"), ("soaprouter.outcome", "success")).Count);
            Assert.Equal(3, metrics.Values(MetricNames.AttemptDuration, ("soaprouter.destination", "d1"), ("soaprouter.attempt.error", "none")).Count);

            metrics.Collect();
            Assert.True(metrics.Single(MetricNames.OpenConnections) >= 1, "the WCF client's connection is open");
        }

        metrics.Collect();
        Assert.Equal(3, metrics.Single(MetricNames.Messages, ("soaprouter.listener", "basic"), ("soaprouter.outcome", "success")));
        Assert.Equal(0, metrics.Single(MetricNames.Messages, ("soaprouter.listener", "basic"), ("soaprouter.outcome", "failure")));
        Assert.Equal(3, metrics.Single(MetricNames.RouteMessages, ("soaprouter.route", "all"), ("soaprouter.outcome", "success")));
        Assert.Equal(3, metrics.Single(MetricNames.PathMessages, ("soaprouter.path", "verbatim")));
        Assert.Equal(3, metrics.Single(MetricNames.DestinationAttempts, ("soaprouter.destination", "d1"), ("soaprouter.outcome", "success")));
        Assert.Equal(3, metrics.Single(MetricNames.Attempts));
        Assert.Equal(0, metrics.Single(MetricNames.Retries));
        Assert.Equal(0, metrics.Single(MetricNames.Failovers));

        // /stats is a view of the same counters: its numbers are the instruments' numbers.
        using var stats = JsonDocument.Parse(await Client.GetStringAsync(new Uri(router.Host.AdminAddress!, "/stats")));
        var root = stats.RootElement;
        Assert.Equal(3, root.GetProperty("messages").GetInt64());
        var destination = root.GetProperty("destinations").GetProperty("d1");
        Assert.Equal(destination.GetProperty("bytesOut").GetInt64(), metrics.Single(MetricNames.DestinationBytes, ("soaprouter.destination", "d1"), ("soaprouter.direction", "out")));
        Assert.Equal(destination.GetProperty("bytesIn").GetInt64(), metrics.Single(MetricNames.DestinationBytes, ("soaprouter.destination", "d1"), ("soaprouter.direction", "in")));
        Assert.Equal(root.GetProperty("bytesIn").GetInt64(), metrics.Single(MetricNames.ListenerBytes, ("soaprouter.listener", "basic"), ("soaprouter.direction", "in")));
        Assert.Equal(root.GetProperty("bytesOut").GetInt64(), metrics.Single(MetricNames.ListenerBytes, ("soaprouter.listener", "basic"), ("soaprouter.direction", "out")));
    }

    [Fact]
    public async Task NoRoute_CountedAsAFailureOfTheListenerAndAFaultOfItsKind()
    {
        await using var stub = await RunningStub.StartAsync();
        var config = ListeningRouter.Config(
            [Configuration.TestConfigs.Route("other", "c", Configuration.TestConfigs.Action("urn:nothing-sends-this"))],
            new() { ["c"] = ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]) });
        await using var router = await ListeningRouter.StartAsync(config);
        using var metrics = new MeterCollector(router.Host.Metrics.Meter);

        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12")))
        {
            await Assert.ThrowsAnyAsync<System.ServiceModel.FaultException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "lost" }));
        }

        Assert.Single(metrics.Values(MetricNames.MessageDuration, ("soaprouter.listener", "soap12"), ("soaprouter.route", "none"), ("soaprouter.outcome", "failure")));
        metrics.Collect();
        Assert.Equal(1, metrics.Single(MetricNames.Messages, ("soaprouter.listener", "soap12"), ("soaprouter.outcome", "failure")));
        Assert.Equal(1, metrics.Single(MetricNames.Faults, ("soaprouter.fault", "noRoute")));
        Assert.Equal(0, metrics.Single(MetricNames.Faults, ("soaprouter.fault", "backendUnavailable")));
    }

    [Fact]
    public async Task FirstDestinationDown_RetryAndFailoverCounted_DeadDestinationsAttemptFailed()
    {
        await using var stub = await RunningStub.StartAsync();
        var dead = $"http://127.0.0.1:{FreePort.Unused()}/soap12";
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.CatchAll(
            ListeningRouter.Cluster(WireBindingNames.Soap12Http, [dead], backups: [stub.Address(WireBindings.Soap12Http).AbsoluteUri])));
        using var metrics = new MeterCollector(router.Host.Metrics.Meter);

        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12")))
        {
            Assert.Equal("x", (await client.Channel.EchoAsync(new EchoPayload { Text = "x" })).Text);
        }

        Assert.Single(metrics.Values(MetricNames.AttemptDuration, ("soaprouter.destination", "d1"), ("soaprouter.attempt.error", "connectionRefused")));
        Assert.Single(metrics.Values(MetricNames.AttemptDuration, ("soaprouter.destination", "d-backup1"), ("soaprouter.attempt.error", "none")));
        metrics.Collect();
        Assert.Equal(2, metrics.Single(MetricNames.Attempts));
        Assert.Equal(1, metrics.Single(MetricNames.Retries));
        Assert.Equal(1, metrics.Single(MetricNames.Failovers));
        Assert.Equal(1, metrics.Single(MetricNames.DestinationAttempts, ("soaprouter.destination", "d1"), ("soaprouter.outcome", "failure")));
    }

    [Fact]
    public async Task Metrics_OnTheAdminAddress_AnswersPrometheusTextWithTheRoutersInstruments()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [stub.Address(WireBindings.BasicHttp).AbsoluteUri])));
        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, router.Address("basic")))
        {
            Assert.Equal("p", (await client.Channel.EchoAsync(new EchoPayload { Text = "p" })).Text);
        }

        using var response = await Client.GetAsync(new Uri(router.Host.AdminAddress!, "/metrics"));
        var text = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.StartsWith("text/plain", response.Content.Headers.ContentType!.ToString(), StringComparison.Ordinal);
        Assert.Contains("# TYPE soaprouter_messages_total counter", text, StringComparison.Ordinal);
        Assert.Contains("soaprouter_messages_total{", text, StringComparison.Ordinal);
        Assert.Contains("soaprouter_listener=\"basic\"", text, StringComparison.Ordinal);
        Assert.Contains("soaprouter_message_duration_seconds_bucket{", text, StringComparison.Ordinal);
        Assert.Contains("soaprouter_destination_health", text, StringComparison.Ordinal);
        Assert.Contains("soaprouter_destination_io_bytes_total", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Metrics_OnAListenersPort_IsNotServed()
    {
        await using var router = await ListeningRouter.StartAsync(
            ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, ["http://127.0.0.1:9/basic"])));

        using var response = await Client.GetAsync(new Uri(router.Address("basic"), "/metrics"));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }
}
