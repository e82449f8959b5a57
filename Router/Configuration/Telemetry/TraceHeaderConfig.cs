namespace SoapRouter.Configuration;

/// <summary>
/// A SOAP header whose text is a W3C traceparent value: read from messages arriving on netTcp listeners, written into
/// messages sent to netTcp destinations (and removed from messages re-encoded for HTTP ones, which get the HTTP header).
/// </summary>
public sealed record TraceHeaderConfig
{
    /// <summary>The header's local name, e.g. <c>traceparent</c>.</summary>
    public string Name { get; init; } = "";

    /// <summary>The header's namespace URI (may be empty).</summary>
    public string Namespace { get; init; } = "";
}
