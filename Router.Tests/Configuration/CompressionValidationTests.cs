using SoapRouter.Configuration;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>Validation of listeners[].compression and destinations[].compression, and how router.json spells them.</summary>
public sealed class CompressionValidationTests
{
    [Fact]
    public void ListenerAndDestinationCompression_Defaults_AreValid()
    {
        var config = WithCluster(Cluster(Destination("d1") with { Compression = new CompressionOptions() }));
        config = config with { Listeners = [.. config.Listeners.Select(l => l with { Compression = new CompressionOptions() })] };

        Assert.Empty(Errors(config));
    }

    [Fact]
    public void ListenerCompression_BadSettings_AreReportedUnderTheListenersPath()
    {
        var config = Valid();
        config = config with { Listeners = [config.Listeners[0] with { Compression = new CompressionOptions { MinSize = -5, Codecs = ["lzma"] } }] };

        var errors = Errors(config);

        Assert.Contains(errors, e => e.StartsWith("listeners[0].compression.minSize", StringComparison.Ordinal));
        Assert.Contains(errors, e => e.StartsWith("listeners[0].compression.codecs[0]: unknown codec 'lzma'", StringComparison.Ordinal));
    }

    [Fact]
    public void WcfForm_NeedsABinaryHttpDestinationAndGzipOrDeflate()
    {
        var wcf = new CompressionOptions { Form = CompressionWireForm.Wcf, Codecs = [CompressionCodecNames.Zstd] };

        var errors = Errors(WithCluster(Cluster(Destination("d1", WireBindingNames.BasicHttp) with { Compression = wcf })));

        AssertHasError(errors, "clusters.echo.destinations[0].compression.form", "needs a binaryHttp destination");
        Assert.Contains(errors, e => e.Contains("the wcf form carries gzip and deflate only", StringComparison.Ordinal));
    }

    [Fact]
    public void NetTcpDestination_WithTheAdaptiveForm_IsRefusedWithTheReason()
    {
        var destination = Destination("d1", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:9090/tcp") with { Compression = new CompressionOptions() };

        var errors = Errors(WithCluster(Cluster(destination)));

        AssertHasError(errors, "clusters.echo.destinations[0].compression.form", "net.tcp destinations carry WCF's compressed session only");
    }

    [Theory]
    [InlineData(CompressionCodecNames.GZip, System.ServiceModel.Channels.CompressionFormat.GZip)]
    [InlineData(CompressionCodecNames.Deflate, System.ServiceModel.Channels.CompressionFormat.Deflate)]
    public void NetTcpDestination_WithTheWcfForm_IsValid_AndCompressesItsSessionWithTheFirstCodec(string codec, System.ServiceModel.Channels.CompressionFormat expected)
    {
        var compression = new CompressionOptions { Form = CompressionWireForm.Wcf, Codecs = [codec] };
        var destination = Destination("d1", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:9090/tcp") with { Compression = compression };

        Assert.Empty(Errors(WithCluster(Cluster(destination))));
        Assert.Equal(expected, SoapRouter.Forwarding.NetTcp.NetTcpDestinationClients.SessionCompression(compression));
        Assert.Equal(System.ServiceModel.Channels.CompressionFormat.None, SoapRouter.Forwarding.NetTcp.NetTcpDestinationClients.SessionCompression(compression with { Mode = LinkCompressionMode.None }));
        Assert.Equal(System.ServiceModel.Channels.CompressionFormat.None, SoapRouter.Forwarding.NetTcp.NetTcpDestinationClients.SessionCompression(compression with { Enabled = false }));
        Assert.Equal(System.ServiceModel.Channels.CompressionFormat.None, SoapRouter.Forwarding.NetTcp.NetTcpDestinationClients.SessionCompression(null));
    }

    [Fact]
    public void RouterJson_SpellsModeAndFormAsWords()
    {
        const string json = """
            {
              "listeners": [ { "name": "l", "binding": "binaryHttp", "address": "http://127.0.0.1:8080/l",
                               "compression": { "mode": "always", "codecs": [ "gzip" ], "bandwidthBytesPerSecond": 187500, "cpuSource": "machine" } } ],
              "routes": [ { "name": "r", "filters": [ { "type": "matchAll" } ], "cluster": "c" } ],
              "clusters": { "c": { "destinations": [ { "name": "d", "binding": "binaryHttp", "address": "http://127.0.0.1:9080/binary",
                                                       "compression": { "form": "wcf", "codecs": [ "gzip" ] } } ] } }
            }
            """;

        var config = System.Text.Json.JsonSerializer.Deserialize(json, RouterConfigJson.RouterConfig)!;

        Assert.Equal(LinkCompressionMode.Always, config.Listeners[0].Compression!.Mode);
        Assert.Equal(187_500, config.Listeners[0].Compression!.BandwidthBytesPerSecond);
        Assert.Equal(CpuSource.Machine, config.Listeners[0].Compression!.CpuSource);
        Assert.Equal(CompressionWireForm.Wcf, config.Clusters["c"].Destinations[0].Compression!.Form);
        Assert.Equal(CpuSource.Process, config.Clusters["c"].Destinations[0].Compression!.CpuSource);
        Assert.Empty(Errors(config));
    }
}
