using System.IO.Compression;
using System.Net;
using System.Text;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub.Compression;

/// <summary>
/// Compressed requests to the real stub over HTTP: every adaptive codec is decoded, WCF's +gzip form too; a bomb,
/// corrupt data and an unknown coding are refused, and the next request on the same client is served.
/// </summary>
public sealed class StubCompressedRequestTests
{
    private const int OneMegabyte = 1024 * 1024;

    // 200 MB of zeros in gzip (about 200 KB): built once, it takes a moment.
    private static readonly Lazy<byte[]> GZipBomb = new(() =>
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest, leaveOpen: true))
        {
            var zeros = new byte[OneMegabyte];
            for (var i = 0; i < 200; i++)
            {
                gzip.Write(zeros);
            }
        }

        return output.ToArray();
    });

    public static TheoryData<string, string> CodecsAndBindings => new()
    {
        { "lz4", WireBindingNames.Soap12Http },
        { "zstd", WireBindingNames.Soap12Http },
        { "brotli", WireBindingNames.BinaryHttp },
        { "gzip", WireBindingNames.BasicHttp },
        { "deflate", WireBindingNames.BinaryHttp },
    };

    [Theory]
    [MemberData(nameof(CodecsAndBindings))]
    public async Task Request_InEachAdaptiveCodec_IsDecodedAndAnswered(string codecName, string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        var text = CompressibleText(2000);
        var request = StubEnvelopes.Echo(binding, text, stub.Address(binding));
        var token = codecName == "brotli" ? "br" : codecName;

        var reply = await CompressedStubHttp.SendAsync(
            stub.Client, stub.Address(binding), request, CompressedStubHttp.Compress(codecName, request.Body), contentEncoding: token, originalLength: request.Body.Length);

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Null(reply.ContentEncoding);
        Assert.Equal(text, reply.Decoded().ReadEcho()!.Text);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Compression.RequestsByCodec[codecName]);
        Assert.Equal(1, stats.Compression.Links[StubSoapEndpoints.For(binding).Name].Decompressed);
    }

    [Fact]
    public async Task Request_InWcfGZipContentType_IsDecodedAndAnswered()
    {
        var binding = WireBindings.BinaryHttp;
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "wcf gzip", stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(
            stub.Client, stub.Address(binding), request, CompressedStubHttp.Compress("gzip", request.Body), contentType: SoapMediaTypes.Msbin1 + "+gzip");

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal("wcf gzip", reply.Decoded().ReadEcho()!.Text);
        Assert.Equal(1, (await stub.StatsAsync()).Compression.RequestsByCodec["gzip"]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task GZipBomb_Gets413SenderFault_AndTheNextRequestOnTheSameClientSucceeds(bool wcfForm)
    {
        var binding = WireBindings.BinaryHttp;
        await using var stub = await RunningStub.StartAsync(new StubOptions { MaxDecompressedSize = OneMegabyte });
        var address = stub.Address(binding);
        var request = StubEnvelopes.Echo(binding, "bomb", address);

        var refused = await CompressedStubHttp.SendAsync(
            stub.Client,
            address,
            request,
            GZipBomb.Value,
            contentType: wcfForm ? SoapMediaTypes.Msbin1 + "+gzip" : null,
            contentEncoding: wcfForm ? null : "gzip");
        var next = await stub.SendAsync(StubEnvelopes.Echo(binding, "after the bomb", address));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, refused.StatusCode);
        var fault = refused.Decoded().ReadFault();
        Assert.True(fault.IsSender);
        Assert.Contains($"expands past the limit of {OneMegabyte} bytes", fault.Reason, StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, next.StatusCode);
        Assert.Equal("after the bomb", next.ReadEcho()!.Text);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Compression.BombsRefused);
        Assert.Equal(1, stats.Compression.Links["binary"].BombsRefused);
    }

    [Fact]
    public async Task CorruptGZip_Gets400SenderFault_AndTheNextRequestSucceeds()
    {
        var binding = WireBindings.Soap12Http;
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(binding);
        var request = StubEnvelopes.Echo(binding, CompressibleText(500), address);
        var gzip = CompressedStubHttp.Compress("gzip", request.Body);

        var refused = await CompressedStubHttp.SendAsync(stub.Client, address, request, gzip[..(gzip.Length / 2)], contentEncoding: "gzip");
        var next = await stub.SendAsync(StubEnvelopes.Echo(binding, "after the corrupt one", address));

        Assert.Equal(HttpStatusCode.BadRequest, refused.StatusCode);
        Assert.True(refused.Decoded().ReadFault().IsSender);
        Assert.Equal("after the corrupt one", next.ReadEcho()!.Text);
        Assert.Equal(1, (await stub.StatsAsync()).Compression.CorruptRefused);
    }

    [Theory]
    [InlineData(null, "original length")]
    [InlineData("12ab", "X-Soap-Original-Length")]
    public async Task Lz4_WithoutAReadableOriginalLength_Gets400SenderFault(string? lengthHeader, string expectedInReason)
    {
        var binding = WireBindings.Soap12Http;
        await using var stub = await RunningStub.StartAsync();
        var address = stub.Address(binding);
        var request = StubEnvelopes.Echo(binding, CompressibleText(100), address);
        using var content = new ByteArrayContent(CompressedStubHttp.Compress("lz4", request.Body));
        content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
        content.Headers.TryAddWithoutValidation("Content-Encoding", "lz4");
        if (lengthHeader is not null)
        {
            content.Headers.TryAddWithoutValidation("X-Soap-Original-Length", lengthHeader);
        }

        using var response = await stub.Client.PostAsync(address, content);
        var reply = new StubReply(binding, response.StatusCode, response.Content.Headers.ContentType?.ToString(), await response.Content.ReadAsByteArrayAsync());

        Assert.Equal(HttpStatusCode.BadRequest, reply.StatusCode);
        var fault = reply.ReadFault();
        Assert.True(fault.IsSender);
        Assert.Contains(expectedInReason, fault.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("compress", null)]
    [InlineData("gzip, br", null)]
    [InlineData("gzip", "application/soap+msbin1+gzip")]
    public async Task UnreadableCoding_Gets415(string contentEncoding, string? contentType)
    {
        var binding = WireBindings.BinaryHttp;
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, "x", stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(
            stub.Client, stub.Address(binding), request, CompressedStubHttp.Compress("gzip", request.Body), contentType, contentEncoding);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, reply.StatusCode);
        Assert.Empty(reply.Body);
    }

    /// <summary>About 40 bytes a line of repetitive XML-ish text, which every codec shrinks well.</summary>
    internal static string CompressibleText(int lines)
    {
        var text = new StringBuilder();
        for (var i = 0; i < lines; i++)
        {
            text.Append("<line n=\"").Append(i % 10).Append("\">compressible words</line>\n");
        }

        return text.ToString();
    }
}
