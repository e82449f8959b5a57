using System.Net;
using BackendStub.Hosting;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub.Compression;

/// <summary>
/// Replies of the real stub with compression configured: compressed only in a codec the request's Accept-Encoding
/// allows, in the form the request came in; plain for a peer that allows none.
/// </summary>
public sealed class StubCompressedReplyTests
{
    private static readonly StubOptions Always = new() { Compression = StubOptions.DefaultCompression with { Mode = LinkCompressionMode.Always } };

    [Fact]
    public async Task AcceptEncodingZstd_LargeCompressibleEcho_GetsZstdReplyWithOriginalLength()
    {
        var binding = WireBindings.Soap12Http;
        await using var stub = await RunningStub.StartAsync(Always);
        var text = StubCompressedRequestTests.CompressibleText(3000);
        var request = StubEnvelopes.Echo(binding, text, stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(stub.Client, stub.Address(binding), request, request.Body, acceptEncoding: "zstd");

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal("zstd", reply.ContentEncoding);
        Assert.NotNull(reply.OriginalLength);
        var decoded = reply.Decoded();
        Assert.Equal(int.Parse(reply.OriginalLength!, System.Globalization.CultureInfo.InvariantCulture), decoded.Body.Length);
        Assert.True(reply.Body.Length < decoded.Body.Length / 4, $"{reply.Body.Length} of {decoded.Body.Length}");
        Assert.Equal(text, decoded.ReadEcho()!.Text);
        var link = (await stub.StatsAsync()).Compression.Links["soap12"];
        Assert.Equal(1, link.Compressed);
        Assert.Contains(link.CodecsChosen.Keys, key => key.StartsWith("zstd", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("identity")]
    [InlineData("snappy, compress")]
    [InlineData("zstd;q=0, gzip;q=0")]
    public async Task AcceptEncodingAllowingNoCodec_GetsPlainReply(string? acceptEncoding)
    {
        var binding = WireBindings.BasicHttp;
        await using var stub = await RunningStub.StartAsync(Always);
        var text = StubCompressedRequestTests.CompressibleText(3000);
        var request = StubEnvelopes.Echo(binding, text);

        var reply = await CompressedStubHttp.SendAsync(stub.Client, stub.Address(binding), request, request.Body, acceptEncoding: acceptEncoding);

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Null(reply.ContentEncoding);
        Assert.Null(reply.OriginalLength);
        Assert.Equal(text, new StubReply(binding, reply.StatusCode, reply.ContentType, reply.Body).ReadEcho()!.Text);
    }

    [Fact]
    public async Task CompressionNone_AcceptEncodingGZip_GetsPlainReply()
    {
        var binding = WireBindings.Soap12Http;
        await using var stub = await RunningStub.StartAsync();
        var request = StubEnvelopes.Echo(binding, StubCompressedRequestTests.CompressibleText(3000), stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(stub.Client, stub.Address(binding), request, request.Body, acceptEncoding: "gzip, deflate, zstd");

        Assert.Null(reply.ContentEncoding);
        Assert.Equal(0, (await stub.StatsAsync()).Compression.Links["soap12"].Compressed);
    }

    [Fact]
    public async Task WcfGZipRequest_GetsReplyInWcfGZipContentType_EvenWhenZstdIsFirstInAccept()
    {
        var binding = WireBindings.BinaryHttp;
        await using var stub = await RunningStub.StartAsync(Always);
        var text = StubCompressedRequestTests.CompressibleText(3000);
        var request = StubEnvelopes.Echo(binding, text, stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(
            stub.Client,
            stub.Address(binding),
            request,
            CompressedStubHttp.Compress("gzip", request.Body),
            contentType: SoapMediaTypes.Msbin1 + "+gzip",
            acceptEncoding: "zstd, gzip, deflate");

        Assert.Equal(SoapMediaTypes.Msbin1 + "+gzip", reply.ContentType);
        Assert.Null(reply.ContentEncoding);
        Assert.Equal(text, reply.Decoded().ReadEcho()!.Text);
    }

    [Fact]
    public async Task Adaptive_OnAConfiguredSlowLink_CompressesALargeCompressibleReply()
    {
        var binding = WireBindings.Soap12Http;
        var options = new StubOptions
        {
            // 1.5 Mbit/s; CPU limit 1 so a busy test machine cannot switch compression off.
            Compression = CompressionOptions.Default with { BandwidthBytesPerSecond = 187_500, CpuLimit = 1, CpuResume = 0.5 },
        };
        await using var stub = await RunningStub.StartAsync(options);
        var text = StubCompressedRequestTests.CompressibleText(3000);
        var request = StubEnvelopes.Echo(binding, text, stub.Address(binding));

        var reply = await CompressedStubHttp.SendAsync(stub.Client, stub.Address(binding), request, request.Body, acceptEncoding: "gzip, zstd");

        Assert.True(reply.ContentEncoding is "gzip" or "zstd", $"Content-Encoding {reply.ContentEncoding}");
        Assert.Equal(text, reply.Decoded().ReadEcho()!.Text);
        var link = (await stub.StatsAsync()).Compression.Links["soap12"];
        Assert.Equal(187_500, link.BandwidthBytesPerSecond);
    }
}
