namespace SoapRouter.Configuration;

/// <summary>A token bucket per client IP address: <see cref="Burst"/> requests at once, refilled at <see cref="PermitsPerSecond"/>.</summary>
public sealed record ClientRateLimitConfig
{
    /// <summary>Requests per second one client address may send on average.</summary>
    public int PermitsPerSecond { get; init; } = 100;

    /// <summary>Requests one client address may send at once after a quiet spell (the bucket's size).</summary>
    public int Burst { get; init; } = 100;
}
