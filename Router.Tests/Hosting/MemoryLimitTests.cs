using SoapRouter.Configuration;
using SoapRouter.Hosting;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Hosting;

public sealed class MemoryLimitTests
{
    [Theory]
    [InlineData("268435456\n", null, 268435456L)]
    [InlineData("max\n", "9223372036854771712\n", null)]
    [InlineData(null, "134217728\n", 134217728L)]
    [InlineData(null, "9223372036854771712\n", null)]
    [InlineData(null, null, null)]
    public void Container_ReadsCgroupV2ThenV1_AndNoLimitIsNull(string? v2, string? v1, long? expected) =>
        Assert.Equal(expected, MemoryLimit.Container(path => path.EndsWith("memory.max", StringComparison.Ordinal) ? v2 : v1));

    [Theory]
    [InlineData("/sys/fs/cgroup/memory.current", "209715200\n", "anon 150000000\ninactive_file_x 1\ninactive_file 52428800\nactive_file 1\n", 157286400L)]
    [InlineData("/sys/fs/cgroup/memory/memory.usage_in_bytes", "104857600\n", "cache 5\ntotal_inactive_file 4194304\n", 100663296L)]
    [InlineData("/sys/fs/cgroup/memory.current", "1048576\n", "", 1048576L)]
    [InlineData("/sys/fs/cgroup/memory.current", null, null, null)]
    public void ContainerUsage_IsTheCgroupsUsageLessItsInactiveFilePages(string usagePath, string? usage, string? stat, long? expected)
    {
        var statPath = Path.Combine(Path.GetDirectoryName(usagePath)!, "memory.stat");
        Assert.Equal(expected, MemoryLimit.ContainerUsage(path => path == usagePath ? usage : path == statPath ? stat : null));
    }

    [Fact]
    public void Available_IsWhatTheGcSees() => Assert.True(MemoryLimit.Available() > 0);

    [Fact]
    public void Checker_WarnsWhenTheLimitsCannotFitTheContainersMemory()
    {
        var context = new ConfigValidationContext { ContainerMemory = 256L << 20 };

        LimitsRules.Check(new LimitsConfig(), context);

        var warning = Assert.Single(context.ToResult().Warnings);
        Assert.StartsWith("limits.maxConcurrentRequests: 512 messages of up to 4 MB with their replies (4096 MB) do not fit this container's memory limit (256 MB)", warning, StringComparison.Ordinal);
        Assert.Contains("held within 48 MB (a quarter of what the GC may use)", warning, StringComparison.Ordinal);
    }

    [Fact]
    public void Checker_IsQuietWhenTheyFit_OrOutsideAContainer()
    {
        var fits = new ConfigValidationContext { ContainerMemory = 8L << 30 };
        LimitsRules.Check(new LimitsConfig { MaxMessageSize = 1 << 20, MaxConcurrentRequests = 64 }, fits);
        var outside = new ConfigValidationContext { ContainerMemory = null };
        LimitsRules.Check(new LimitsConfig(), outside);

        Assert.Empty(fits.ToResult().Warnings);
        Assert.Empty(outside.ToResult().Warnings);
    }

    [Fact]
    public void Checker_TakesABudgetThatFits_AndWarnsOfOneThatDoesNot()
    {
        var fits = new ConfigValidationContext { ContainerMemory = 256L << 20 };
        LimitsRules.Check(new LimitsConfig { MaxBufferedBytes = 64L << 20 }, fits);
        var over = new ConfigValidationContext { ContainerMemory = 256L << 20 };
        LimitsRules.Check(new LimitsConfig { MaxBufferedBytes = 200L << 20 }, over);

        Assert.Empty(fits.ToResult().Warnings);
        var warning = Assert.Single(over.ToResult().Warnings);
        Assert.StartsWith("limits.maxBufferedBytes: 200 MB of request bodies is over half this container's memory limit (256 MB)", warning, StringComparison.Ordinal);
    }

    [Fact]
    public void Checker_RefusesANonPositiveBudget() =>
        AssertSingleError(Valid() with { Limits = new LimitsConfig { MaxBufferedBytes = 0 } }, "limits.maxBufferedBytes", "must be greater than 0");
}
