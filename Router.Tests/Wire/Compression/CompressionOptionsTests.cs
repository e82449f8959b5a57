using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CompressionOptionsTests
{
    [Fact]
    public void Default_IsValid()
    {
        Assert.Empty(CompressionOptions.Default.Validate());
    }

    [Fact]
    public void EveryError_IsReportedAtOnce_UnderThePathGiven()
    {
        var options = new CompressionOptions
        {
            Codecs = ["lz4", "snappy", "LZ4", "none"],
            MinSize = -5,
            FastThreshold = -2,
            NormalThreshold = 50_000,
            MaxThreshold = 10_000,
            CpuLimit = 1.5,
            CpuResume = 0.9,
            CpuSampleInterval = TimeSpan.Zero,
            RatioLimit = 0,
            RatioMinSamples = 0,
            Smoothing = 0,
            ReprobeEvery = -1,
            ReprobeInterval = TimeSpan.FromSeconds(-1),
            BandwidthBytesPerSecond = 0,
        };

        var errors = options.Validate("destinations[2].compression");

        string[] settings =
        [
            "codecs[1]: unknown codec 'snappy'", "codecs[2]: 'LZ4' is listed twice", "codecs[3]: 'none'", ".minSize", ".fastThreshold",
            "maxThreshold (10000) must not be below normalThreshold", ".cpuLimit", ".cpuSampleInterval", ".ratioLimit",
            ".ratioMinSamples", ".smoothing", ".reprobeEvery", ".reprobeInterval", ".bandwidthBytesPerSecond",
        ];
        foreach (var setting in settings)
        {
            Assert.Contains(errors, e => e.StartsWith("destinations[2].compression", StringComparison.Ordinal) && e.Contains(setting, StringComparison.Ordinal));
        }
    }

    [Fact]
    public void ResumeAboveTheLimit_WouldFlap()
    {
        var errors = new CompressionOptions { CpuLimit = 0.6, CpuResume = 0.8 }.Validate();

        Assert.Contains(errors, e => e.Contains("cpuResume (0.8) must not be above cpuLimit (0.6)", StringComparison.Ordinal));
    }

    [Fact]
    public void EveryLevelDisabled_OrNoReprobe_AreErrors()
    {
        var noLevels = new CompressionOptions { FastThreshold = -1, NormalThreshold = -1, MaxThreshold = -1 }.Validate();
        var noReprobe = new CompressionOptions { ReprobeEvery = 0, ReprobeInterval = TimeSpan.Zero }.Validate();

        Assert.Contains(noLevels, e => e.Contains("every level is disabled", StringComparison.Ordinal));
        Assert.Contains(noReprobe, e => e.Contains("never be compressed again", StringComparison.Ordinal));
    }

    [Fact]
    public void ModeNone_NeedsNoLevelsOrCodecs()
    {
        var options = new CompressionOptions { Mode = LinkCompressionMode.None, Codecs = [], FastThreshold = -1, NormalThreshold = -1, MaxThreshold = -1 };

        Assert.Empty(options.Validate());
    }

    [Fact]
    public void DisabledLevels_AreNotComparedWithTheOthers()
    {
        var options = new CompressionOptions { FastThreshold = 4096, NormalThreshold = -1, MaxThreshold = 65536 };

        Assert.Empty(options.Validate());
    }
}
