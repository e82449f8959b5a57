using SoapRouter.Configuration;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>
/// limits.maxConnections, limits.fileDescriptorReserve, the Kestrel timeouts and data rates, the body deadline and the
/// per-client rate limit.
/// </summary>
public sealed class ConnectionLimitsValidationTests
{
    [Fact]
    public void Defaults_AreValid_AndDocumented()
    {
        var limits = new LimitsConfig();

        Assert.Empty(Errors(WithLimits(limits)));
        Assert.Equal(10_000, limits.MaxConnections);
        Assert.Equal(64, limits.FileDescriptorReserve);
        Assert.Equal(TimeSpan.FromSeconds(130), limits.KeepAliveTimeout);
        Assert.Equal(TimeSpan.FromSeconds(15), limits.RequestHeadersTimeout);
        Assert.Equal(TimeSpan.FromSeconds(30), limits.RequestBodyTimeout);
        Assert.Equal(new DataRateConfig { BytesPerSecond = 240, GracePeriod = TimeSpan.FromSeconds(5) }, limits.MinRequestBodyDataRate);
        Assert.Equal(limits.MinRequestBodyDataRate, limits.MinResponseDataRate);
        Assert.Null(limits.PerClientRateLimit);
    }

    [Fact]
    public void Validate_BadConnectionLimits_ReportsEachWithItsPath()
    {
        var limits = new LimitsConfig
        {
            MaxConnections = 0,
            KeepAliveTimeout = TimeSpan.Zero,
            RequestHeadersTimeout = TimeSpan.FromSeconds(-1),
            RequestBodyTimeout = TimeSpan.FromDays(2),
        };

        var errors = Errors(WithLimits(limits));

        Assert.Equal(4, errors.Count);
        AssertHasError(errors, "limits.maxConnections", "must be greater than 0 (is 0)");
        AssertHasError(errors, "limits.keepAliveTimeout", "must be greater than 00:00:00 (is 00:00:00)");
        AssertHasError(errors, "limits.requestHeadersTimeout", "must be greater than 00:00:00 (is -00:00:01)");
        AssertHasError(errors, "limits.requestBodyTimeout", "must be at most 1.00:00:00 (is 2.00:00:00)");
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(LimitsRules.MaxFileDescriptorReserve + 1)]
    public void Validate_FileDescriptorReserveOutOfRange_IsAnError(int reserve)
    {
        var errors = Errors(WithLimits(new LimitsConfig { FileDescriptorReserve = reserve }));

        Assert.Single(errors);
        AssertHasError(errors, "limits.fileDescriptorReserve", $"must be 0 (off) to 1048576 (is {reserve})");
    }

    [Fact]
    public void Validate_FileDescriptorReserveZero_IsValid_WithAWarningThatSaysWhatItRisks()
    {
        var result = RouterConfigValidator.Validate(WithLimits(new LimitsConfig { FileDescriptorReserve = 0 }));

        Assert.Empty(result.Errors);
        var warning = Assert.Single(result.Warnings);
        Assert.Contains("limits.fileDescriptorReserve", warning, StringComparison.Ordinal);
        Assert.Contains("cannot start a thread", warning, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_BadDataRates_ReportsRateAndGracePeriod()
    {
        var limits = new LimitsConfig
        {
            MinRequestBodyDataRate = new DataRateConfig { BytesPerSecond = -1 },
            MinResponseDataRate = new DataRateConfig { GracePeriod = TimeSpan.FromSeconds(1) },
        };

        var errors = Errors(WithLimits(limits));

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "limits.minRequestBodyDataRate.bytesPerSecond", "must be 0 (no minimum) or more (is -1)");
        AssertHasError(errors, "limits.minResponseDataRate.gracePeriod", "must be more than 00:00:01 (is 00:00:01); Kestrel checks data rates once a second");
    }

    [Fact]
    public void Validate_ZeroRate_TurnsTheMinimumOff_AndIsValid() =>
        Assert.Empty(Errors(WithLimits(new LimitsConfig { MinRequestBodyDataRate = new DataRateConfig { BytesPerSecond = 0 } })));

    [Fact]
    public void Validate_BadPerClientRateLimit_ReportsEach()
    {
        var errors = Errors(WithLimits(new LimitsConfig { PerClientRateLimit = new ClientRateLimitConfig { PermitsPerSecond = 0, Burst = -2 } }));

        Assert.Equal(2, errors.Count);
        AssertHasError(errors, "limits.perClientRateLimit.permitsPerSecond", "must be greater than 0 (is 0)");
        AssertHasError(errors, "limits.perClientRateLimit.burst", "must be greater than 0 (is -2)");
    }

    [Fact]
    public void Parse_NewLimits_FromRouterJson()
    {
        const string Json = """
            {
              "limits": {
                "maxConnections": 20,
                "fileDescriptorReserve": 128,
                "keepAliveTimeout": "00:00:40",
                "requestHeadersTimeout": "00:00:05",
                "requestBodyTimeout": "00:00:10",
                "minRequestBodyDataRate": { "bytesPerSecond": 1000, "gracePeriod": "00:00:03" },
                "minResponseDataRate": { "bytesPerSecond": 0 },
                "perClientRateLimit": { "permitsPerSecond": 50, "burst": 80 },
              },
            }
            """;

        var result = RouterConfigLoader.Parse(Json);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        var limits = result.Config.Limits;
        Assert.Equal(20, limits.MaxConnections);
        Assert.Equal(128, limits.FileDescriptorReserve);
        Assert.Equal(TimeSpan.FromSeconds(40), limits.KeepAliveTimeout);
        Assert.Equal(TimeSpan.FromSeconds(5), limits.RequestHeadersTimeout);
        Assert.Equal(TimeSpan.FromSeconds(10), limits.RequestBodyTimeout);
        Assert.Equal(new DataRateConfig { BytesPerSecond = 1000, GracePeriod = TimeSpan.FromSeconds(3) }, limits.MinRequestBodyDataRate);
        Assert.Equal(0, limits.MinResponseDataRate.BytesPerSecond);
        Assert.Equal(TimeSpan.FromSeconds(5), limits.MinResponseDataRate.GracePeriod);
        Assert.Equal(new ClientRateLimitConfig { PermitsPerSecond = 50, Burst = 80 }, limits.PerClientRateLimit);
    }
}
