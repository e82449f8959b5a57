using BackendStub.Hosting;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.BackendStub.Hosting;

public sealed class StubCompressionOptionsParserTests
{
    [Fact]
    public void Parse_NoCompressionOptions_RepliesStayPlainAndTheCapIs16Megabytes()
    {
        var options = StubOptionsParser.Parse([]).Options!;

        Assert.Equal(LinkCompressionMode.None, options.Compression.Mode);
        Assert.Equal(16 * 1024 * 1024, options.MaxDecompressedSize);
        Assert.Equal(CompressionOptions.Default.Codecs, options.Compression.Codecs);
        Assert.Null(options.Compression.BandwidthBytesPerSecond);
    }

    [Fact]
    public void Parse_EveryCompressionOption_IsApplied()
    {
        var result = StubOptionsParser.Parse(
        [
            "--compression", "adaptive", "--compression-codecs=zstd, gzip", "--compression-min-size", "512",
            "--bandwidth", "187500", "--max-decompressed-size=1048576",
        ]);

        Assert.True(result.Succeeded, string.Join(" | ", result.Errors));
        var options = result.Options!;
        Assert.Equal(LinkCompressionMode.Adaptive, options.Compression.Mode);
        Assert.Equal(["zstd", "gzip"], options.Compression.Codecs);
        Assert.Equal(512, options.Compression.MinSize);
        Assert.Equal(512, options.Compression.FastThreshold);
        Assert.Equal(187_500, options.Compression.BandwidthBytesPerSecond);
        Assert.Equal(1_048_576, options.MaxDecompressedSize);
    }

    [Fact]
    public void Parse_BadCompressionValues_ReportsEachOne()
    {
        var result = StubOptionsParser.Parse(
        [
            "--compression", "sometimes", "--compression-codecs", "lz4,snappy", "--compression-min-size", "-1",
            "--bandwidth", "0", "--max-decompressed-size", "0",
        ]);

        Assert.False(result.Succeeded);
        Assert.Equal(5, result.Errors.Count);
        Assert.Contains(result.Errors, e => e.Contains("'--compression'", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("snappy", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("'--compression-min-size'", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("'--bandwidth'", StringComparison.Ordinal));
        Assert.Contains(result.Errors, e => e.Contains("'--max-decompressed-size'", StringComparison.Ordinal));
    }

    [Fact]
    public void HelpText_ListsTheCompressionOptions()
    {
        foreach (var option in new[] { "--max-decompressed-size", "--compression", "--compression-codecs", "--compression-min-size", "--bandwidth" })
        {
            Assert.Contains(option + " <", StubOptionsParser.HelpText, StringComparison.Ordinal);
        }
    }
}
