namespace SoapRouter.Configuration;

/// <summary>The admin HTTP endpoint: /health and /stats.</summary>
public sealed record AdminConfig
{
    /// <summary>Base address, e.g. http://127.0.0.1:9901. Loopback by default: the DMZ must not expose it.</summary>
    public string Address { get; init; } = "http://127.0.0.1:9901";
}
