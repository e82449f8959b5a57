namespace SoapRouter.Configuration;

/// <summary>Process-wide TLS settings (the top-level <c>tls</c> section).</summary>
public sealed record TlsConfig
{
    /// <summary>Default of <see cref="ExpiryWarning"/>: 14 days.</summary>
    public static readonly TimeSpan DefaultExpiryWarning = TimeSpan.FromDays(14);

    /// <summary>A certificate (listener, admin or destination client) expiring within this is warned about at start and daily.</summary>
    public TimeSpan ExpiryWarning { get; init; } = DefaultExpiryWarning;
}
