using BackendStub.Hosting;
using System.IO.Compression;
using System.Net;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Compression through the real router: WCF's own form (a stock client with CompressionFormat.GZip, a WCF-style
/// +gzip backend), the adaptive form with Accept-Encoding, and bombs and corrupt bodies refused while the connection
/// and the router go on.
/// </summary>
public sealed class CompressionThroughRouterTests
{
    private static readonly CompressionOptions AlwaysGzip = new() { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.GZip, CompressionCodecNames.Deflate] };

    [Fact]
    public async Task StockWcfGzipClient_ThroughTheRouter_ToAPlainBackend_RequestDecodedAndReplyCompressed()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartAsync(stub, WireBindingNames.BinaryHttp, WireBindings.BinaryHttp, listenerCompression: AlwaysGzip);
        var binding = new CustomBinding(
            new BinaryMessageEncodingBindingElement { CompressionFormat = CompressionFormat.GZip },
            new HttpTransportBindingElement { MaxReceivedMessageSize = 8 << 20 });
        var factory = new ChannelFactory<IEchoService>(binding, new EndpointAddress(router.Address("binary")));
        var channel = factory.CreateChannel();
        try
        {
            var text = string.Concat(Enumerable.Repeat("compressible text ", 2000));
            var reply = await channel.EchoAsync(new EchoPayload { Text = text });

            Assert.Equal(text, reply.Text);
        }
        finally
        {
            ((ICommunicationObject)channel).Abort();
            factory.Abort();
        }

        // The backend saw plain msbin1; the router decoded the client's gzip and compressed its reply.
        var stats = await stub.StatsAsync();
        Assert.All(stats.RecentBodies["binary"], body => Assert.Equal("application/soap+msbin1", body.ContentType));
        var link = router.Host.Compression.Listener("binary").GetStatistics();
        Assert.Equal(1, link.Decompressed);
        Assert.Equal(1, link.Compressed);
        Assert.True(link.BytesSaved > 10_000);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "basic")]
    [InlineData(WireBindingNames.Soap12Http, "soap12")]
    public async Task StockWcfTextClient_ThroughACompressingListener_ReadsTheGzipReply(string bindingName, string listener)
    {
        // WCF's HTTP client sends Accept-Encoding: gzip, deflate on every binding, and decodes a Content-Encoding reply.
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartAsync(stub, bindingName, binding, listenerCompression: AlwaysGzip);
        using var client = SoapRouter.Tests.BackendStub.Wcf.StubWcfClient<IEchoService>.Create(binding, router.Address(listener));
        var text = string.Concat(Enumerable.Repeat("compressible text ", 2000));

        var reply = await client.Channel.EchoAsync(new EchoPayload { Text = text });

        Assert.Equal(text, reply.Text);
        Assert.Equal(1, router.Host.Compression.Listener(listener).GetStatistics().Compressed);
    }

    [Fact]
    public async Task PlainWcfClient_ThroughTheRouter_ToAWcfGzipBackend_RequestGzippedInWcfsForm_ReplyDecoded()
    {
        var requests = new List<(string? ContentType, byte[] Plain)>();
        await using var backend = await RecordingBackend.StartAsync(async (context, received, _) =>
        {
            // As a WCF service with CompressionFormat.GZip: reads +gzip, answers +gzip.
            var plain = Gunzip(received.Body);
            lock (requests)
            {
                requests.Add((received.Header("Content-Type"), plain));
            }

            var codec = StubCodecs.For(WireBindings.BinaryHttp);
            using var request = codec.Read(new ArraySegment<byte>(plain), "application/soap+msbin1");
            var text = new EchoPayload { Text = "from a gzip service" };
            using var reply = Message.CreateMessage(
                MessageVersion.Soap12WSAddressing10, EchoServiceActions.EchoResponse, new SoapRouter.Wire.Encoding.DelegateBodyWriter(w => OperationMessages.EchoResponse.Write(w, text)));
            reply.Headers.RelatesTo = request.Headers.MessageId;
            var bytes = Gzip(codec.WriteToArray(reply));
            context.Response.ContentType = "application/soap+msbin1+gzip";
            context.Response.ContentLength = bytes.Length;
            await context.Response.Body.WriteAsync(bytes);
        });
        var destination = new DestinationConfig
        {
            Name = "gzip-service",
            Binding = WireBindingNames.BinaryHttp,
            Address = backend.Address(),
            Compression = AlwaysGzip with { Form = CompressionWireForm.Wcf, Codecs = [CompressionCodecNames.GZip], MinSize = 0, FastThreshold = 0 },
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = new ClusterConfig { Destinations = [destination] } }));
        using var client = SoapRouter.Tests.BackendStub.Wcf.StubWcfClient<IEchoService>.Create(WireBindings.BinaryHttp, router.Address("binary"));

        var answer = await client.Channel.EchoAsync(new EchoPayload { Text = "to a gzip service" });

        Assert.Equal("from a gzip service", answer.Text);
        var (contentType, plainRequest) = Assert.Single(requests);
        Assert.Equal("application/soap+msbin1+gzip", contentType);
        Assert.Contains("to a gzip service", Encoding.UTF8.GetString(plainRequest), StringComparison.Ordinal);
    }

    [Fact]
    public async Task AdaptiveClient_LargeCompressibleReplyIsCompressedInACodecItAccepts_SmallOneIsPlain_NoAcceptEncodingIsPlain()
    {
        await using var stub = await RunningStub.StartAsync();
        // A slow client link (1.5 Mbit/s): compressing pays.
        var adaptive = new CompressionOptions { BandwidthBytesPerSecond = 187_500 };
        await using var router = await StartAsync(stub, WireBindingNames.Soap12Http, WireBindings.Soap12Http, listenerCompression: adaptive);
        using var http = new HttpClient();
        var address = router.Address("soap12");

        using var large = await http.SendAsync(Request(address, StubEnvelopes.Echo(WireBindings.Soap12Http, string.Concat(Enumerable.Repeat("orders and more orders ", 3000)), address), "zstd, gzip;q=0.5"));
        using var small = await http.SendAsync(Request(address, StubEnvelopes.Echo(WireBindings.Soap12Http, "tiny", address), "zstd"));
        using var none = await http.SendAsync(Request(address, StubEnvelopes.Echo(WireBindings.Soap12Http, string.Concat(Enumerable.Repeat("orders and more orders ", 3000)), address), acceptEncoding: null));

        Assert.Equal(HttpStatusCode.OK, large.StatusCode);
        var codec = Assert.Single(large.Content.Headers.ContentEncoding);
        Assert.True(codec is "zstd" or "gzip", codec);
        var compressed = await large.Content.ReadAsByteArrayAsync();
        var originalLength = int.Parse(large.Headers.GetValues(CompressionHeaders.OriginalLength).Single(), System.Globalization.CultureInfo.InvariantCulture);
        Assert.True(compressed.Length < originalLength / 3, $"{compressed.Length} bytes for {originalLength}");
        CodecRegistry.Default.TryGetByToken(codec, out var found);
        using var decoded = new PooledBufferWriter();
        found!.Decompress(compressed, decoded, originalLength, 1 << 24);
        Assert.Contains("orders and more orders", Encoding.UTF8.GetString(decoded.WrittenSpan), StringComparison.Ordinal);

        Assert.Empty(small.Content.Headers.ContentEncoding);
        Assert.Contains("tiny", await small.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Empty(none.Content.Headers.ContentEncoding);
        Assert.Contains("orders and more orders", await none.Content.ReadAsStringAsync(), StringComparison.Ordinal);

        // Each answer depended on its Accept-Encoding, compressed or not: a cache in between is told so.
        Assert.All(new[] { large, small, none }, response => Assert.Contains("Accept-Encoding", response.Headers.Vary));
    }

    [Fact]
    public async Task BombAndCorruptBody_AreRefusedWithFaults_AndTheNextRequestOnTheSameConnectionSucceeds()
    {
        await using var stub = await RunningStub.StartAsync();
        await using var router = await StartAsync(stub, WireBindingNames.Soap12Http, WireBindings.Soap12Http, listenerCompression: null);
        using var http = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = 1 });
        var address = router.Address("soap12");

        // 64 MB of zeros in ~64 KB of gzip, against the default limits (4 MB messages, 16 MB decompressed).
        var bomb = Request(address, Array.Empty<byte>(), null);
        bomb.Content = Compressed(Gzip(new byte[64 << 20]), "gzip");
        using var bombed = await http.SendAsync(bomb);
        var corrupt = Request(address, Array.Empty<byte>(), null);
        corrupt.Content = Compressed([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x00, 0x13, 0x37], "gzip");
        using var corrupted = await http.SendAsync(corrupt);
        var unknown = Request(address, Array.Empty<byte>(), null);
        unknown.Content = Compressed([1, 2, 3], "x-rar");
        using var unsupported = await http.SendAsync(unknown);
        var valid = StubEnvelopes.Echo(WireBindings.Soap12Http, "after the bomb", address);
        var gzipped = Request(address, valid, null);
        gzipped.Content = Compressed(Gzip(valid.Body), "gzip", valid.ContentType);
        using var after = await http.SendAsync(gzipped);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, bombed.StatusCode);
        Assert.Contains("expands past the limit", await bombed.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.BadRequest, corrupted.StatusCode);
        Assert.Contains("is not valid compressed data", await corrupted.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, unsupported.StatusCode);
        Assert.Contains("x-rar", await unsupported.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
        Assert.Contains("after the bomb", await after.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        var link = router.Host.Compression.Listener("soap12").GetStatistics();
        Assert.Equal(1, link.BombsRefused);
        Assert.Equal(1, link.CorruptRefused);
        Assert.Equal(1, link.Decompressed);
    }

    [Fact]
    public async Task AnActionWhoseRepliesAreRandom_IsSwitchedOff_ThenReprobed_AndTurnsBackOnWhenItsContentCompresses()
    {
        // The backend echoes the request, so the client decides how compressible the replies are.
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes("application/soap+xml; charset=utf-8"));
        var adaptive = new CompressionOptions
        {
            BandwidthBytesPerSecond = 187_500,
            Codecs = [CompressionCodecNames.GZip],
            RatioMinSamples = 3,
            ReprobeEvery = 5,
            ReprobeInterval = TimeSpan.Zero,
        };
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [backend.Address()]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners.Select(listener => listener with { Compression = adaptive })],
        });
        using var http = new HttpClient();
        var address = router.Address("soap12");
        var random = new Random(7);

        async Task<bool> SendAsync(bool compressible)
        {
            var text = compressible
                ? string.Concat(Enumerable.Repeat("the same words again ", 1000))
                : Convert.ToBase64String(Enumerable.Range(0, 15_000).Select(_ => (byte)random.Next(256)).ToArray());
            using var response = await http.SendAsync(Request(address, StubEnvelopes.Echo(WireBindings.Soap12Http, text[..20_000], address), "gzip"));
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            return response.Content.Headers.ContentEncoding.Count > 0;
        }

        var randomReplies = new List<bool>();
        for (var i = 0; i < 12; i++)
        {
            randomReplies.Add(await SendAsync(compressible: false));
        }

        var statistics = router.Host.Compression.Listener("soap12").GetStatistics();
        // The first replies are compressed to learn the ratio (random base64 keeps ~75%), then the action is switched off
        // for its size bucket, and re-probed every 5 skipped messages.
        Assert.True(randomReplies.Take(3).All(compressed => compressed), "the first samples were not compressed");
        Assert.True(randomReplies.Skip(3).Count(compressed => !compressed) >= 6, "poorly compressing replies were still compressed");
        Assert.True(statistics.Skipped.GetValueOrDefault("poorRatio") >= 6, string.Join(", ", statistics.Skipped));
        Assert.True(statistics.Probes >= 1, "a switched-off action was never re-probed");

        // The content changes: at the next probe the ratio is good again and compression stays on.
        var compressibleReplies = new List<bool>();
        for (var i = 0; i < 12; i++)
        {
            compressibleReplies.Add(await SendAsync(compressible: true));
        }

        Assert.True(compressibleReplies.TakeLast(4).All(compressed => compressed), string.Join(", ", compressibleReplies));
    }

    [Fact]
    public async Task RouterToBackendStub_OverTheAdaptiveForm_BothWays()
    {
        // The stub compresses its replies (always, zstd) when the router's Accept-Encoding allows; the router compresses
        // its requests to the stub (always, lz4). The client speaks plain SOAP 1.2 and sees plain SOAP 1.2.
        var stubCompression = new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.Zstd] };
        await using var stub = await RunningStub.StartAsync(new global::BackendStub.Hosting.StubOptions { HttpPort = FreePort.Unused(), Compression = stubCompression });
        var destination = new DestinationConfig
        {
            Name = "stub",
            Binding = WireBindingNames.Soap12Http,
            Address = stub.Address(WireBindings.Soap12Http).AbsoluteUri,
            Compression = new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.Lz4, CompressionCodecNames.Zstd] },
        };
        await using var router = await ListeningRouter.StartAsync(ListeningRouter.Config(
            [TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = new ClusterConfig { Destinations = [destination] } }));
        using var client = SoapRouter.Tests.BackendStub.Wcf.StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, router.Address("soap12"));
        var text = string.Concat(Enumerable.Repeat("a compressible order line ", 2000));

        var answer = await client.Channel.EchoAsync(new EchoPayload { Text = text });

        Assert.Equal(text, answer.Text);
        var stubCompressionStats = (await stub.StatsAsync()).Compression;
        Assert.Equal(1, stubCompressionStats.RequestsByCodec.GetValueOrDefault(CompressionCodecNames.Lz4));
        Assert.Equal(1, stubCompressionStats.Links["soap12"].Compressed);
        var link = router.Host.Compression.Destination("stub").GetStatistics();
        Assert.Equal(1, link.Compressed);
        Assert.Equal(1, link.Decompressed);
    }

    [Fact]
    public async Task StockWcfNetTcpGzipClient_ThroughTheRoutersNetTcpListener_AndStraightToTheStub()
    {
        // WCF's compressed binary session: the preamble says application/soap+msbinsession1+gzip and every message's
        // bytes are gzipped on their own, both ways.
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.Soap12Http, [stub.Address(WireBindings.Soap12Http).AbsoluteUri]));
        await using var router = await ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners, TestConfigs.Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:0/router/tcp")],
        });
        var binding = new CustomBinding(
            new BinaryMessageEncodingBindingElement { CompressionFormat = CompressionFormat.GZip },
            new TcpTransportBindingElement { MaxReceivedMessageSize = 8 << 20, ConnectionBufferSize = 64 * 1024 });
        var text = string.Concat(Enumerable.Repeat("a compressible session message ", 3000));

        foreach (var address in new[] { router.Address("tcp"), stub.Address(WireBindings.NetTcp) })
        {
            var factory = new ChannelFactory<IEchoService>(binding, new EndpointAddress(address));
            var channel = factory.CreateChannel();
            try
            {
                // Several calls on one session: the session dictionary must stay in step through the compression.
                for (var i = 0; i < 3; i++)
                {
                    Assert.Equal(text + i, (await channel.EchoAsync(new EchoPayload { Text = text + i })).Text);
                }
            }
            finally
            {
                ((ICommunicationObject)channel).Abort();
                factory.Abort();
            }
        }
    }

    [Theory]
    [InlineData(CompressionCodecNames.GZip, "application/soap+msbinsession1+gzip")]
    [InlineData(CompressionCodecNames.Deflate, "application/soap+msbinsession1+deflate")]
    [InlineData(null, null)]
    public async Task NetTcpDestination_WithTheWcfForm_IsReachedOverACompressedSession(string? codec, string? expectedContentType)
    {
        // HTTP client -> router -> (a tap that keeps the bytes the router sent) -> the stub's net.tcp endpoint, which
        // takes any Via and To (they name the tap's port: --address-filter any).
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { AddressFilter = AddressFilterMode.Any });
        var stubTcp = stub.Address(WireBindings.NetTcp);
        await using var tap = TcpTap.Start(stubTcp.Port);
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.NetTcp, [$"net.tcp://127.0.0.1:{tap.Port}{stubTcp.AbsolutePath}"]));
        var compression = codec is null ? null : new CompressionOptions { Form = CompressionWireForm.Wcf, Codecs = [codec] };
        var cluster = config.Clusters.Single();
        config = config with
        {
            Clusters = new Dictionary<string, ClusterConfig>
            {
                [cluster.Key] = cluster.Value with { Destinations = [.. cluster.Value.Destinations.Select(d => d with { Compression = compression })] },
            },
        };
        await using var router = await ListeningRouter.StartAsync(config);
        var text = string.Concat(Enumerable.Repeat("a compressible message for a net.tcp backend ", 2000));
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, router.Address(config.Listeners[0].Name));

        for (var i = 0; i < 3; i++)
        {
            Assert.Equal(text + i, (await client.Channel.EchoAsync(new EchoPayload { Text = text + i })).Text);
        }

        // Every session's preamble names the compressed encoding (the router may open more than one), and the router
        // sent far fewer bytes than the text.
        var preambles = tap.FirstBytes.Where(bytes => bytes.Length > 0).Select(bytes => System.Text.Encoding.ASCII.GetString(bytes)).ToArray();
        Assert.NotEmpty(preambles);
        if (expectedContentType is null)
        {
            Assert.All(preambles, preamble => Assert.DoesNotContain("msbinsession1+", preamble, StringComparison.Ordinal));
            Assert.True(tap.BytesUp > 3 * text.Length, $"{tap.BytesUp} bytes for 3 x {text.Length} characters");
        }
        else
        {
            Assert.All(preambles, preamble => Assert.Contains(expectedContentType, preamble, StringComparison.Ordinal));
            Assert.True(tap.BytesUp < text.Length / 4, $"{tap.BytesUp} bytes for 3 x {text.Length} characters");
        }
    }

    [Fact]
    public async Task GzipBombOnACompressedNetTcpSession_EndsThatSessionOnly()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        await using var raw = await SoapRouter.Tests.Wire.Framing.RawFramingClient.ConnectAsync(stub.Address(WireBindings.NetTcp));
        var via = stub.Address(WireBindings.NetTcp).AbsoluteUri;
        await raw.SendAsync(
            [.. SoapRouter.Tests.Wire.Framing.FramingBytes.VersionAndDuplexMode, .. SoapRouter.Tests.Wire.Framing.FramingBytes.Via(via),
             .. SoapRouter.Tests.Wire.Framing.FramingBytes.ExtensibleEncoding("application/soap+msbinsession1+gzip"), .. SoapRouter.Tests.Wire.Framing.FramingBytes.PreambleEnd]);
        Assert.True((await raw.ReadRecordAsync())!.IsPreambleAck);

        // 64 MB of zeros in ~64 KB: past the stub's 4 MB message limit once decoded.
        await raw.SendAsync(SoapRouter.Tests.Wire.Framing.FramingBytes.SizedEnvelope(Gzip(new byte[64 << 20])));

        await raw.ExpectClosedAsync(TimeSpan.FromSeconds(10));
        using var client = SoapRouter.Tests.BackendStub.Wcf.StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp));
        Assert.Equal("still serving", (await client.Channel.EchoAsync(new EchoPayload { Text = "still serving" })).Text);
    }

    private static Task<ListeningRouter> StartAsync(RunningStub stub, string bindingName, WireBinding binding, CompressionOptions? listenerCompression)
    {
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(bindingName, [stub.Address(binding).AbsoluteUri]));
        return ListeningRouter.StartAsync(config with
        {
            Listeners = [.. config.Listeners.Select(listener => listener with { Compression = listenerCompression })],
        });
    }

    private static HttpRequestMessage Request(Uri address, StubRequest request, string? acceptEncoding)
    {
        var message = request.ToHttpRequest(address);
        if (acceptEncoding is not null)
        {
            message.Headers.TryAddWithoutValidation("Accept-Encoding", acceptEncoding);
        }

        return message;
    }

    private static HttpRequestMessage Request(Uri address, byte[] body, string? acceptEncoding) =>
        Request(address, new StubRequest(WireBindings.Soap12Http, body, "application/soap+xml; charset=utf-8", null, null), acceptEncoding);

    private static ByteArrayContent Compressed(byte[] body, string encoding, string contentType = "application/soap+xml; charset=utf-8")
    {
        var content = new ByteArrayContent(body);
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        content.Headers.TryAddWithoutValidation("Content-Encoding", encoding);
        return content;
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

    private static byte[] Gunzip(byte[] compressed)
    {
        using var gzip = new GZipStream(new MemoryStream(compressed), CompressionMode.Decompress);
        using var output = new MemoryStream();
        gzip.CopyTo(output);
        return output.ToArray();
    }
}
