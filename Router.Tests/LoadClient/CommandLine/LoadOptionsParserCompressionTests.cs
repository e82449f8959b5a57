using LoadClient.CommandLine;

namespace SoapRouter.Tests.LoadClient.CommandLine;

public sealed class LoadOptionsParserCompressionTests
{
    private const string Url = "http://127.0.0.1:8080/router/binary";

    [Fact]
    public void Parse_NoCompressionOptions_DefaultsToNoneWithTheDefaultCodecsAndA16MiBCap()
    {
        var options = LoadOptionsParser.Parse(["--url", Url]).Options!;

        Assert.Equal(LoadCompressionMode.None, options.Compression);
        Assert.Null(options.CompressionCodecs);
        Assert.Null(options.Bandwidth);
        Assert.Equal(16 * 1024 * 1024, options.MaxDecompressedSize);
    }

    [Fact]
    public void Parse_AdaptiveWithCodecsBandwidthAndCap_IsApplied()
    {
        var result = LoadOptionsParser.Parse(
            ["--url", Url, "--compression", "Adaptive", "--compression-codecs", "GZIP, zstd", "--bandwidth", "187500", "--max-decompressed-size=1048576"]);

        Assert.True(result.Succeeded, string.Join("; ", result.Errors));
        var options = result.Options!;
        Assert.Equal(LoadCompressionMode.Adaptive, options.Compression);
        Assert.Equal(["gzip", "zstd"], options.CompressionCodecs);
        Assert.Equal(187_500, options.Bandwidth);
        Assert.Equal(1_048_576, options.MaxDecompressedSize);
    }

    [Theory]
    [InlineData("'--compression' must be one of none, wcf, always, adaptive; got 'zip'", "--compression", "zip")]
    [InlineData("'--compression-codecs' must be a comma-separated list of distinct codecs", "--compression", "always", "--compression-codecs", "gzip,snappy")]
    [InlineData("'--compression-codecs' must be a comma-separated list of distinct codecs", "--compression", "always", "--compression-codecs", "gzip,GZIP")]
    [InlineData("'--compression-codecs' applies to '--compression always' and '--compression adaptive' only", "--compression", "wcf", "--binding", "binaryHttp", "--compression-codecs", "gzip")]
    [InlineData("'--bandwidth' applies to '--compression adaptive' only", "--compression", "always", "--bandwidth", "1000")]
    [InlineData("'--max-decompressed-size' applies when replies may be compressed", "--max-decompressed-size", "4096")]
    [InlineData("'--compression wcf' is WCF's binary encoder's gzip", "--compression", "wcf", "--binding", "soap12Http")]
    [InlineData("'--compression always' is the adaptive form", "--compression", "always", "--client", "wcf")]
    public void Parse_BadCompressionOptions_AreRefusedWithTheReason(string fragment, params string[] args)
    {
        var result = LoadOptionsParser.Parse(["--url", Url, .. args]);

        Assert.Null(result.Options);
        var error = Assert.Single(result.Errors);
        Assert.Contains(fragment, error, StringComparison.Ordinal);
    }
}
