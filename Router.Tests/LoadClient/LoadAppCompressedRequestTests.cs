using System.Globalization;
using System.IO.Compression;
using System.Text.Json;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>What the raw mode's compressing modes put on the wire, read back by a recording Kestrel backend.</summary>
public sealed class LoadAppCompressedRequestTests
{
    private static readonly byte[] EmptyReply = [];

    [Fact]
    public async Task WcfForm_RequestsAreWcfsGzipOfTheBinaryEnvelope_WithItsAcceptEncoding()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "application/soap+msbin1", EmptyReply));

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/binary"), "--binding", "binaryHttp", "--compression", "wcf", "--size", "5000", "--requests", "3", "--warmup", "0");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Equal(3, backend.Requests.Count);
        foreach (var request in backend.Requests)
        {
            Assert.Equal("application/soap+msbin1+gzip", request.Header("Content-Type"));
            Assert.Equal("gzip, deflate", request.Header("Accept-Encoding"));
            Assert.Null(request.Header("Content-Encoding"));
            var decoded = DecodedRequest.Read(WireBindings.BinaryHttp, Gunzip(request.Body), "application/soap+msbin1");
            Assert.NotNull(decoded.MessageId);
        }
    }

    [Fact]
    public async Task Adaptive_EachRequestCompressedWithItsOwnMessageId_AndItsOriginalLength()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "application/soap+xml; charset=utf-8", EmptyReply));
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        // A slow link and a highly compressible 50 KB request: the pay rule compresses every one.
        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/soap12"), "--binding", "soap12Http", "--compression", "adaptive", "--compression-codecs", "gzip",
            "--bandwidth", "187500", "--size", "50000", "--profile", "simple", "--requests", "4", "--warmup", "0", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var ids = new HashSet<string?>();
        foreach (var request in backend.Requests)
        {
            Assert.Equal("gzip", request.Header("Content-Encoding"));
            Assert.Equal("gzip", request.Header("Accept-Encoding"));
            var plain = Gunzip(request.Body);
            Assert.Equal(plain.Length, int.Parse(request.Header(CompressionHeaders.OriginalLength)!, CultureInfo.InvariantCulture));
            ids.Add(DecodedRequest.Read(WireBindings.Soap12Http, plain).MessageId?.ToString());
        }

        Assert.Equal(4, ids.Count);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.True(root.GetProperty("uniqueMessageIdPerRequest").GetBoolean());
        Assert.Equal(4, root.GetProperty("compression").GetProperty("requestsCompressed").GetInt64());
        Assert.Equal(4, root.GetProperty("compression").GetProperty("link").GetProperty("compressed").GetInt64());
    }

    private static byte[] Gunzip(byte[] body)
    {
        using var input = new GZipStream(new MemoryStream(body), CompressionMode.Decompress);
        using var output = new MemoryStream();
        input.CopyTo(output);
        return output.ToArray();
    }
}
