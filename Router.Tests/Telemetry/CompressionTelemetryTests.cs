using System.Diagnostics;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Telemetry;

/// <summary>A compressing destination link: its attempt spans say codec and ratio, its metrics the bytes saved.</summary>
public sealed class CompressionTelemetryTests
{
    [Fact]
    public async Task CompressedRequestToStub_AttemptSpanHasCodecAndRatio_LinkMetricsShowBytesSaved()
    {
        using var spans = new SpanCollector(RouterTelemetry.Name);
        await using var stub = await RunningStub.StartAsync();
        var destination = new DestinationConfig
        {
            Name = "stub",
            Binding = WireBindingNames.Soap12Http,
            Address = stub.Address(WireBindings.Soap12Http).AbsoluteUri,
            Compression = new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.Lz4] },
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = new ClusterConfig { Destinations = [destination] } }));
        using var metrics = new MeterCollector(router.Host.Metrics.Meter);
        var traceId = ActivityTraceId.CreateRandom();
        var text = string.Concat(Enumerable.Repeat("a compressible order line ", 2000));

        using (var client = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12")))
        {
            var answer = await TracedEcho.CallAsync(client, WireBindings.Soap12Http, $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01", text);
            Assert.Equal(text, answer.Text);
        }

        var attempt = Assert.Single(await spans.WaitForAsync(traceId, 2), span => span.Kind == ActivityKind.Client);
        Assert.Equal(CompressionCodecNames.Lz4, attempt.GetTagItem(SpanTags.CompressionCodec));
        var ratio = (double)attempt.GetTagItem(SpanTags.CompressionRatio)!;
        Assert.InRange(ratio, 0.0001, 0.5);

        metrics.Collect();
        var original = metrics.Single(MetricNames.CompressionOriginal, ("soaprouter.link", "destination:stub"));
        var compressed = metrics.Single(MetricNames.CompressionCompressed, ("soaprouter.link", "destination:stub"));
        Assert.True(original > compressed, $"{original} original bytes, {compressed} compressed");
        Assert.Equal(original - compressed, metrics.Single(MetricNames.CompressionSaved, ("soaprouter.link", "destination:stub")));
        Assert.Equal(compressed / original, metrics.Single(MetricNames.CompressionRatio, ("soaprouter.link", "destination:stub")), 6);
    }
}
