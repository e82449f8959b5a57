using System.Net;
using System.Threading.RateLimiting;
using SoapRouter.Configuration;

namespace SoapRouter.Listening;

/// <summary>
/// limits.perClientRateLimit: a token bucket per client IP address (the router is the DMZ's first hop, so the peer
/// address is the client's). Off when the config has none; fixed at start like the other connection limits.
/// </summary>
internal sealed class ClientRateLimiter : IDisposable
{
    private readonly PartitionedRateLimiter<IPAddress>? _limiter;

    /// <summary>A limiter for <paramref name="config"/>; null: every request passes.</summary>
    public ClientRateLimiter(ClientRateLimitConfig? config)
    {
        if (config is null)
        {
            return;
        }

        var options = new TokenBucketRateLimiterOptions
        {
            TokenLimit = config.Burst,
            TokensPerPeriod = config.PermitsPerSecond,
            ReplenishmentPeriod = TimeSpan.FromSeconds(1),
            QueueLimit = 0,
            AutoReplenishment = true,
        };
        _limiter = PartitionedRateLimiter.Create<IPAddress, IPAddress>(
            address => RateLimitPartition.GetTokenBucketLimiter(address, _ => options));
    }

    /// <summary>True when a request from <paramref name="client"/> may go on (always, when off or the address is unknown).</summary>
    public bool TryAcquire(IPAddress? client)
    {
        if (_limiter is null || client is null)
        {
            return true;
        }

        // One client on IPv4 and on IPv4-mapped IPv6 (a dual-mode socket) is one client.
        var key = client.IsIPv4MappedToIPv6 ? client.MapToIPv4() : client;
        using var lease = _limiter.AttemptAcquire(key);
        return lease.IsAcquired;
    }

    /// <inheritdoc />
    public void Dispose() => _limiter?.Dispose();
}
