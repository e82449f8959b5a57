namespace SoapRouter.Configuration;

/// <summary>The admin HTTP endpoint: /health and /stats.</summary>
public sealed record AdminConfig
{
    /// <summary>Base address, e.g. http://127.0.0.1:9901. Loopback by default: the DMZ must not expose it.</summary>
    public string Address { get; init; } = "http://127.0.0.1:9901";

    /// <summary>TLS for an https:// admin address (the listeners' shape); null for http://.</summary>
    public ListenerTlsConfig? Tls { get; init; }

    /// <summary>
    /// When set (a value, or env:NAME), /stats and /metrics answer only requests with <c>Authorization: Bearer</c> and
    /// this token; /health stays open for load-balancer probes. Never logged.
    /// </summary>
    public string? AuthToken { get; init; }

    /// <summary>Never prints the token: records print every property.</summary>
    public override string ToString() => $"AdminConfig {{ Address = {Address}, Tls = {(Tls is null ? "none" : "set")}, AuthToken = {(AuthToken is null ? "none" : "set")} }}";
}
