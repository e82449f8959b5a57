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
