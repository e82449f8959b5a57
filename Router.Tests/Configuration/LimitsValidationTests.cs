using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

public sealed class LimitsValidationTests
{
    [Fact]
    public void Validate_NonPositiveLimits_ReportsEach()
    {
        var errors = Errors(WithLimits(new LimitsConfig { MaxMessageSize = 0, MaxDecompressedSize = 0, MaxConcurrentRequests = -1 }));

        Assert.Equal(3, errors.Count);
        AssertHasError(errors, "limits.maxMessageSize", "must be greater than 0 (is 0)");
        AssertHasError(errors, "limits.maxDecompressedSize", "must be greater than 0 (is 0)");
        AssertHasError(errors, "limits.maxConcurrentRequests", "must be greater than 0 (is -1)");
    }

    [Fact]
    public void Validate_MaxMessageSizeAboveIntMax_ReportsBufferLimit() =>
        AssertHasError(
            Errors(WithLimits(new LimitsConfig { MaxMessageSize = int.MaxValue + 1L, MaxDecompressedSize = int.MaxValue + 1L })),
            "limits.maxMessageSize", "must be at most 2147483647");

    [Fact]
    public void Validate_MaxDecompressedSizeAboveIntMax_ReportsBufferLimit() =>
        AssertSingleError(
            WithLimits(new LimitsConfig { MaxDecompressedSize = long.MaxValue }),
            "limits.maxDecompressedSize", "must be at most 2147483647");

    [Fact]
    public void Validate_DecompressedLimitBelowMessageLimit_ReportsIt() =>
        AssertSingleError(
            WithLimits(new LimitsConfig { MaxMessageSize = 1000, MaxDecompressedSize = 999 }),
            "limits.maxDecompressedSize", "must be at least maxMessageSize (1000)");

    [Fact]
    public void Validate_NonPositiveReaderQuotas_ReportsEach()
    {
        var quotas = new ReaderQuotasConfig { MaxDepth = 0, MaxStringContentLength = 0, MaxArrayLength = 0, MaxBytesPerRead = 0, MaxNameTableCharCount = 0 };

        var errors = Errors(WithLimits(new LimitsConfig { ReaderQuotas = quotas }));

        Assert.Equal(5, errors.Count);
        foreach (var name in new[] { "maxDepth", "maxStringContentLength", "maxArrayLength", "maxBytesPerRead", "maxNameTableCharCount" })
        {
            AssertHasError(errors, "limits.readerQuotas." + name, "must be greater than 0");
        }
    }

    [Theory]
    [InlineData("127.0.0.1:9901", "must be an absolute http:// or https:// address")]
    [InlineData("https://127.0.0.1:9901", "is https: add admin.tls")]
    [InlineData("net.tcp://127.0.0.1:9901", "must be an absolute http:// or https:// address")]
    public void Validate_BadAdminAddress_ReportsIt(string address, string fragment) =>
        AssertSingleError(Valid() with { Admin = new AdminConfig { Address = address } }, "admin.address", fragment);

    [Fact]
    public void Validate_UnknownLogLevel_ListsValidLevels() =>
        AssertSingleError(
            Valid() with { Telemetry = new TelemetryConfig { LogLevel = "Trace" } },
            "telemetry.logLevel", "unknown log level 'Trace'; valid levels: Verbose, Debug, Information, Warning, Error, Fatal");

    [Theory]
    [InlineData("Verbose")]
    [InlineData("Fatal")]
    public void Validate_KnownLogLevel_IsAccepted(string level) =>
        Assert.Empty(Errors(Valid() with { Telemetry = new TelemetryConfig { LogLevel = level } }));
}
