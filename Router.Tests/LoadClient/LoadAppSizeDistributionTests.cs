using System.Text.Json;
using global::LoadClient.Payloads;
using Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>--size-distribution seed in both modes, against a Kestrel service that reads every request with the Wire codec.</summary>
public sealed class LoadAppSizeDistributionTests
{
    [Fact]
    public async Task Run_RawWithSeedSizes_SendsTemplatesOfSeveralSizesThatAllReadBack()
    {
        var service = new WireResponder(WireBindings.BinaryHttp);
        await using var backend = await RecordingBackend.StartAsync(service.Respond);
        using var directory = new TempDirectory();
        var json = directory.File("seed.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--binding", "binaryHttp", "--size-distribution", "seed", "--profile", "complex",
            "--requests", "24", "--warmup", "1", "--concurrency", "2", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Empty(service.Refused);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(JsonValueKind.Null, root.GetProperty("requestBodyBytes").ValueKind);
        Assert.Equal("seed", root.GetProperty("sizeDistribution").GetString());
        Assert.Equal("complex", root.GetProperty("message").GetString());
        var templateSizes = root.GetProperty("requestBodyBytesBySize").EnumerateArray().Select(e => e.GetInt32()).ToHashSet();
        Assert.Equal(SizeBuckets.Count, templateSizes.Count);
        var sent = backend.Requests.Select(r => r.Body.Length).ToArray();
        Assert.All(sent, length => Assert.Contains(length, templateSizes));
        Assert.True(sent.Distinct().Count() >= 3, string.Join(", ", sent));

        // The first request is the warm-up (sent alone, before the others): bytes sent are the measured ones'.
        Assert.Equal(sent.Skip(1).Sum(l => (long)l), root.GetProperty("bytesSent").GetInt64());

        // Latency by size: one entry per power-of-two size bucket sent, their requests adding up to the measured ones.
        var bySize = root.GetProperty("latencyBySizeMs").EnumerateArray().ToArray();
        var expectedBuckets = sent.Skip(1).Select(l => global::SoapRouter.Wire.Compression.SizeBuckets.Of(l)).GroupBy(b => b).OrderBy(g => g.Key).ToArray();
        Assert.Equal(expectedBuckets.Select(g => global::SoapRouter.Wire.Compression.SizeBuckets.Describe(g.Key)), bySize.Select(e => e.GetProperty("sizeBucket").GetString()));
        Assert.Equal(expectedBuckets.Select(g => (long)g.Count()), bySize.Select(e => e.GetProperty("requests").GetInt64()));
        Assert.All(bySize, e => Assert.True(e.GetProperty("latencyMs").GetProperty("p50").GetDouble() > 0));
        Assert.Contains("K-", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WcfWithSeedSizes_SendsPayloadsOfVaryingSizeWithinTheSeedsRange()
    {
        var service = new WireResponder(WireBindings.Soap12Http);
        await using var backend = await RecordingBackend.StartAsync(service.Respond);

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", backend.Address("/svc"), "--binding", "soap12Http", "--size-distribution", "seed",
            "--requests", "10", "--warmup", "0", "--concurrency", "2", "--timeout", "20");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Empty(service.Refused);
        var payloadSizes = service.Decoded.Select(r => Assert.IsType<EchoPayload>(r.Argument)).Select(p => (p.Text?.Length ?? 0) + (p.Blob?.Length ?? 0)).ToArray();
        Assert.Equal(10, payloadSizes.Length);
        Assert.True(payloadSizes.Distinct().Count() >= 5, string.Join(", ", payloadSizes));
        Assert.All(backend.Requests, r => Assert.InRange(r.Body.Length, 1, SeedSizes.Max + 4096));
    }
}
