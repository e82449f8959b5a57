using SoapRouter.Tests.Support;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>A selector on a fake clock and CPU, with codec speeds the test states (not the measured table).</summary>
internal sealed class PolicyFixture
{
    /// <summary>1.5 Mbit/s.</summary>
    public const long SlowLink = 187_500;

    /// <summary>100 Mbit/s.</summary>
    public const long MediumLink = 12_500_000;

    /// <summary>10 Gbit/s.</summary>
    public const long FastLink = 1_250_000_000;

    public PolicyFixture(CompressionOptions options, Func<CodecId, CodecLevel, CodecSpeed>? speeds = null)
    {
        Options = options;
        Performance = new CodecPerformance(speeds ?? Speeds, smoothing: 0.5);
        Selector = new AdaptiveCompressionSelector(options, CodecRegistry.Default, Cpu, Time, Performance);
    }

    public FakeTimeProvider Time { get; } = new();

    public FakeCpuSampler Cpu { get; } = new();

    public CompressionOptions Options { get; }

    public CodecPerformance Performance { get; }

    public AdaptiveCompressionSelector Selector { get; }

    /// <summary>lz4: cheap, ratio 0.5 at every level; brotli: dear, 0.2 fast, 0.15 normal, 0.1 max; the rest as lz4.</summary>
    public static CodecSpeed Speeds(CodecId codec, CodecLevel level) => codec switch
    {
        CodecId.Brotli => level switch
        {
            CodecLevel.Fast => new CodecSpeed(20, 200, 0.2),
            CodecLevel.Normal => new CodecSpeed(10, 200, 0.15),
            _ => new CodecSpeed(5, 200, 0.1),
        },
        _ => new CodecSpeed(500, 2000, 0.5),
    };

    public static CompressionOptions Adaptive(long? bandwidth, params string[] codecs) => new()
    {
        Codecs = codecs.Length == 0 ? [CompressionCodecNames.Lz4] : codecs,
        BandwidthBytesPerSecond = bandwidth,
        MinSize = 1000,
        FastThreshold = 1000,
        NormalThreshold = 10_000,
        MaxThreshold = 100_000,
    };

    public CompressionChoice Choose(int length, string? action = "urn:Echo", CodecSet? accepts = null) =>
        Selector.Choose(new CompressionRequest(action, length, accepts ?? CodecRegistry.Default.AllCodecs));

    /// <summary>Tells the selector a message of <paramref name="length"/> compressed to <paramref name="ratio"/>.</summary>
    public void Compressed(int length, double ratio, string? action = "urn:Echo", bool isProbe = false, CodecId codec = CodecId.Lz4) =>
        Selector.OnCompressed(new CompressionSample(action, codec, CodecLevel.Fast, length, (int)(length * ratio), TimeSpan.Zero, isProbe));
}
