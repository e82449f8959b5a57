using System.IO.Compression;
using System.Text.Json;
using BackendStub.Hosting;
using LoadClient;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>--compression end to end: the whole client in-process against the real BackendStub and the real router on loopback.</summary>
public sealed class LoadAppCompressionTests
{
    private static readonly StubOptions StubCompressesAlways = new()
    {
        Compression = StubOptions.DefaultCompression with { Mode = LinkCompressionMode.Always },
    };

    [Fact]
    public async Task RawWcfForm_AgainstStubBinaryCompressingAlways_SendsGzipAndDecodesGzipReplies()
    {
        await using var stub = await RunningStub.StartAsync(StubCompressesAlways);
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", stub.Address(WireBindings.BinaryHttp).AbsoluteUri, "--binding", "binaryHttp", "--compression", "wcf",
            "--size", "20000", "--profile", "simple", "--requests", "12", "--warmup", "2", "--concurrency", "2", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var compression = Report(json).GetProperty("compression");
        Assert.Equal("wcf", compression.GetProperty("mode").GetString());
        Assert.Equal("gzip, deflate", compression.GetProperty("acceptEncoding").GetString());
        Assert.Equal(12, compression.GetProperty("requestsCompressed").GetInt64());
        Assert.InRange(compression.GetProperty("requestRatio").GetDouble(), 0, 0.5);
        Assert.Equal(12, compression.GetProperty("repliesByCodec").GetProperty("gzip").GetInt64());
        Assert.Equal(0, compression.GetProperty("repliesByCodec").GetProperty("none").GetInt64());
        Assert.True(compression.GetProperty("replyBytesDecoded").GetInt64() > 2 * compression.GetProperty("replyBytesOnWire").GetInt64());

        // The stub read WCF's form: gzip requests, answered in gzip because the request came +gzip.
        var stats = await stub.StatsAsync();
        Assert.Equal(14, stats.Compression.RequestsByCodec["gzip"]);
        Assert.Equal(14, stats.Compression.Links["binary"].Compressed);
    }

    [Fact]
    public async Task RawAlways_AgainstStub_RequestsArriveCompressedWithTheFirstCodec()
    {
        await using var stub = await RunningStub.StartAsync();
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", stub.Address(WireBindings.Soap12Http).AbsoluteUri, "--binding", "soap12Http", "--compression", "always",
            "--compression-codecs", "zstd,gzip", "--size", "20000", "--profile", "simple", "--requests", "10", "--warmup", "1", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var stats = await stub.StatsAsync();
        Assert.Equal(11, stats.Compression.RequestsByCodec["zstd"]);
        var compression = Report(json).GetProperty("compression");
        Assert.Equal(10, compression.GetProperty("requestsCompressed").GetInt64());
        Assert.Equal("zstd, gzip", compression.GetProperty("acceptEncoding").GetString());

        // The stub compresses nothing by default: every reply plain, decoded bytes = wire bytes.
        Assert.Equal(10, compression.GetProperty("repliesByCodec").GetProperty("none").GetInt64());
        Assert.Equal(compression.GetProperty("replyBytesOnWire").GetInt64(), compression.GetProperty("replyBytesDecoded").GetInt64());
        Assert.Contains("compressed once, shared by its requests", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RawAdaptive_WithoutBandwidth_LearnsTheLinkFromItsReplies()
    {
        await using var stub = await RunningStub.StartAsync();
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        // 100 KB echo replies, plain (the stub compresses nothing by default): each one timed from its first byte.
        var (exitCode, output, error) = await RunAsync(
            "--url", stub.Address(WireBindings.Soap12Http).AbsoluteUri, "--binding", "soap12Http", "--compression", "adaptive",
            "--size", "100000", "--profile", "complex", "--requests", "8", "--warmup", "0", "--concurrency", "1", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var link = Report(json).GetProperty("compression").GetProperty("link");
        Assert.True(link.GetProperty("bandwidthEstimated").GetBoolean(), link.ToString());
        Assert.NotEqual(CompressionOptions.Default.AssumedBandwidthBytesPerSecond, link.GetProperty("bandwidthBytesPerSecond").GetDouble());
    }

    [Theory]
    [InlineData("100000", true)]
    [InlineData("200", false)]
    public async Task RawAdaptive_ThroughRouterWithAdaptiveSlowListener_LargeCompressibleRepliesCompressedSmallOnesPlain(string size, bool compressed)
    {
        await using var stub = await RunningStub.StartAsync();
        var listenerCompression = new CompressionOptions { Mode = LinkCompressionMode.Adaptive, BandwidthBytesPerSecond = 187_500 };
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners.Select(listener => listener with { Compression = listenerCompression })],
        });
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", router.Address("soap12").AbsoluteUri, "--binding", "soap12Http", "--compression", "adaptive",
            "--size", size, "--profile", "simple", "--requests", "8", "--warmup", "2", "--concurrency", "2", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var report = Report(json);
        Assert.Equal(8, report.GetProperty("ok").GetInt64());
        var byCodec = report.GetProperty("compression").GetProperty("repliesByCodec");
        var plain = byCodec.GetProperty("none").GetInt64();
        Assert.Equal(compressed ? 0 : 8, plain);
        Assert.Equal(compressed ? 8 : 0, byCodec.EnumerateObject().Where(p => p.Name != "none").Sum(p => p.Value.GetInt64()));
        Assert.Equal(compressed ? 10 : 0, router.Host.Compression.Listener("soap12").GetStatistics().Compressed);
    }

    [Fact]
    public async Task WcfClient_WcfCompression_AgainstStubBinary_CallsSucceedAndRequestsGoGzip()
    {
        await using var stub = await RunningStub.StartAsync(StubCompressesAlways);

        var (exitCode, output, error) = await RunAsync(
            "--client", "wcf", "--url", stub.Address(WireBindings.BinaryHttp).AbsoluteUri, "--binding", "binaryHttp", "--compression", "wcf",
            "--size", "20000", "--profile", "simple", "--requests", "6", "--warmup", "1", "--concurrency", "2");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Contains("6: 6 ok, 0 faults, 0 errors", output, StringComparison.Ordinal);
        var stats = await stub.StatsAsync();
        Assert.Equal(7, stats.Compression.RequestsByCodec["gzip"]);
        Assert.Equal(7, stats.Compression.Links["binary"].Compressed);
    }

    [Theory]
    [InlineData("--compression", "wcf", "--binding", "basicHttp", "needs '--binding binaryHttp'")]
    [InlineData("--compression", "always", "--client", "wcf", "a stock WCF client")]
    [InlineData("--compression", "adaptive", "--client", "wcf", "a stock WCF client")]
    public async Task Refusals_ExitTwoWithTheReason(string option, string mode, string other, string value, string reason)
    {
        var (exitCode, _, error) = await RunAsync("--url", "http://127.0.0.1:9/x", option, mode, other, value);

        Assert.Equal(LoadApp.BadArguments, exitCode);
        Assert.Contains(reason, error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task None_SendsNoCompressionHeaders_AndReportsModeNone()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", [1, 2, 3]));
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        var (exitCode, output, error) = await RunAsync("--url", backend.Address("/x"), "--size", "20000", "--requests", "3", "--warmup", "0", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.All(backend.Requests, r => Assert.Null(r.Header("Accept-Encoding")));
        Assert.All(backend.Requests, r => Assert.Null(r.Header("Content-Encoding")));
        var compression = Report(json).GetProperty("compression");
        Assert.Equal("none", compression.GetProperty("mode").GetString());
        Assert.Equal(JsonValueKind.Null, compression.GetProperty("repliesByCodec").ValueKind);
    }

    [Fact]
    public async Task Adaptive_BombAndCorruptReplies_AreErrorsOfTheirOwnKind()
    {
        var bomb = Gzip(new byte[200_000]);
        var count = 0;
        await using var backend = await RecordingBackend.StartAsync(async (context, _, _) =>
        {
            // Alternately a reply that decodes past the cap and one that is not gzip at all.
            var body = Interlocked.Increment(ref count) % 2 == 1 ? bomb : [1, 2, 3, 4, 5, 6, 7, 8];
            context.Response.ContentType = "text/xml; charset=utf-8";
            context.Response.Headers.ContentEncoding = "gzip";
            context.Response.ContentLength = body.Length;
            await context.Response.Body.WriteAsync(body);
        });
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/x"), "--compression", "adaptive", "--max-decompressed-size", "65536",
            "--requests", "4", "--warmup", "0", "--concurrency", "1", "--json", json);

        Assert.Equal(LoadApp.Failures, exitCode);
        var report = Report(json);
        Assert.Equal(4, report.GetProperty("errors").GetInt64());
        var compression = report.GetProperty("compression");
        Assert.Equal(2, compression.GetProperty("bombs").GetInt64());
        Assert.Equal(2, compression.GetProperty("corruptReplies").GetInt64());
        Assert.Equal(2, report.GetProperty("errorTypes").GetProperty("CompressionBombException").GetInt64());
        Assert.Contains("gzip", backend.Requests.First().Header("Accept-Encoding"), StringComparison.Ordinal);
        Assert.Contains("bombs 2, corrupt 2", output, StringComparison.Ordinal);
    }

    private static byte[] Gzip(byte[] plain)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(plain);
        }

        return output.ToArray();
    }
}
