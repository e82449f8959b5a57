using System.Text.Json.Serialization;

namespace SoapRouter.Configuration;

/// <summary>
/// How a route's one-way messages reach its cluster: <c>direct</c> (forwarded while the client waits, as every message) or
/// <c>durable</c> (kept in the queue store before the client is acknowledged, then delivered, retried while the
/// destinations are down, and dead-lettered when it keeps failing). Request-reply messages are always direct.
/// </summary>
public sealed record DeliveryConfig
{
    /// <summary>The most attempts a message may take.</summary>
    public const int MaxAttemptsLimit = 1000;

    /// <summary><c>direct</c> (the default) or <c>durable</c> (<see cref="DeliveryModes"/>).</summary>
    public string Mode { get; init; } = DeliveryModes.Direct;

    /// <summary>Attempts before a message that keeps failing (destinations down, or faulting it) goes to the dead letters. Default 10.</summary>
    public int MaxAttempts { get; init; } = 10;

    /// <summary>The wait before the second attempt; it doubles (with jitter) up to <see cref="MaxBackoff"/>. Default 1 s.</summary>
    public TimeSpan InitialBackoff { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>The longest wait between two attempts. Default 1 minute.</summary>
    public TimeSpan MaxBackoff { get; init; } = TimeSpan.FromMinutes(1);

    /// <summary>How long a message may wait in its queue before it goes to the dead letters undelivered. Default 1 day.</summary>
    public TimeSpan Ttl { get; init; } = TimeSpan.FromDays(1);

    /// <summary>True for <c>durable</c>.</summary>
    [JsonIgnore]
    public bool IsDurable => string.Equals(Mode, DeliveryModes.Durable, StringComparison.Ordinal);
}
