using Microsoft.AspNetCore.Server.Kestrel.Core;
using SoapRouter.Configuration;
using SoapRouter.Hosting;

namespace SoapRouter.Tests.Hosting;

public sealed class KestrelLimitsTests
{
    [Fact]
    public void Apply_SetsKestrelsTimeoutsAndRates_AndZeroTurnsARateOff()
    {
        var kestrel = new KestrelServerOptions().Limits;
        var limits = new LimitsConfig
        {
            MaxMessageSize = 1000,
            MaxDecompressedSize = 1000,
            KeepAliveTimeout = TimeSpan.FromSeconds(40),
            RequestHeadersTimeout = TimeSpan.FromSeconds(7),
            MinRequestBodyDataRate = new DataRateConfig { BytesPerSecond = 500, GracePeriod = TimeSpan.FromSeconds(3) },
            MinResponseDataRate = new DataRateConfig { BytesPerSecond = 0 },
        };

        KestrelLimits.Apply(kestrel, limits);

        Assert.Equal(1000, kestrel.MaxRequestBodySize);
        Assert.Equal(TimeSpan.FromSeconds(40), kestrel.KeepAliveTimeout);
        Assert.Equal(TimeSpan.FromSeconds(7), kestrel.RequestHeadersTimeout);
        Assert.Equal(500, kestrel.MinRequestBodyDataRate!.BytesPerSecond);
        Assert.Equal(TimeSpan.FromSeconds(3), kestrel.MinRequestBodyDataRate.GracePeriod);
        Assert.Null(kestrel.MinResponseDataRate);

        // The connection limit is the router's own, per endpoint: Kestrel's server-wide one stays off.
        Assert.Null(kestrel.MaxConcurrentConnections);
    }

    [Fact]
    public void NeedRestart_ForLimitsReadAtStart_NotForTheBodyDeadline()
    {
        var started = new LimitsConfig();

        Assert.False(KestrelLimits.NeedRestart(started, started with { RequestBodyTimeout = TimeSpan.FromSeconds(5), MaxMessageSize = 10 }));
        Assert.True(KestrelLimits.NeedRestart(started, started with { MaxConnections = 5 }));
        Assert.True(KestrelLimits.NeedRestart(started, started with { FileDescriptorReserve = 128 }));
        Assert.True(KestrelLimits.NeedRestart(started, started with { MinResponseDataRate = new DataRateConfig { BytesPerSecond = 1 } }));
        Assert.True(KestrelLimits.NeedRestart(started, started with { PerClientRateLimit = new ClientRateLimitConfig() }));
    }
}
