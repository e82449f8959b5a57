using System.Net;
using SoapRouter.Tests.BackendStub.Compression;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The compression options as a script passes them: the real process compresses a reply in the codec asked for.</summary>
public sealed class StubProcessCompressionTests
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task Run_CompressionAlwaysGZipOnly_RepliesInGZipToAPeerThatAllowsZstdAndGZip()
    {
        using var stub = StubProcess.Start("--http-port", "0", "--compression", "always", "--compression-codecs", "gzip", "--compression-min-size", "100");
        var endpoints = await stub.WaitForEndpointsAsync(ProcessTimeout);
        using var client = new HttpClient();
        var soap12 = endpoints.Single(e => e.Name == "soap12").Address;
        // A reply under the default min size of 1024 bytes: compressed only because of --compression-min-size.
        var text = StubCompressedRequestTests.CompressibleText(4);
        var request = StubEnvelopes.Echo(WireBindings.Soap12Http, text, soap12);

        var reply = await CompressedStubHttp.SendAsync(client, soap12, request, request.Body, acceptEncoding: "zstd, gzip");

        Assert.Equal(HttpStatusCode.OK, reply.StatusCode);
        Assert.Equal("gzip", reply.ContentEncoding);
        var decoded = reply.Decoded();
        Assert.True(decoded.Body.Length < 1024, $"reply of {decoded.Body.Length} bytes");
        Assert.Equal(text, decoded.ReadEcho()!.Text);
        stub.Terminate();
        Assert.Equal(0, await stub.WaitForExitAsync(ProcessTimeout));
    }
}
