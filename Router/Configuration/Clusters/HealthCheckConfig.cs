namespace SoapRouter.Configuration;

/// <summary>
/// Active health: each destination of the cluster probed on an interval. Without <see cref="Action"/>, HTTP
/// destinations get a GET of <see cref="Path"/> and net.tcp destinations a framing preamble for their Via (or a TCP
/// connect, <see cref="NetTcpProbe"/>). With it, every destination gets a SOAP request with that action in its own binding (net.tcp included,
/// through the router's pooled sessions), and only a reply that is not a fault (or a fault of a kind in <see cref="HealthyFaults"/>) passes: the service,
/// not just its host, is up.
/// </summary>
public sealed record HealthCheckConfig
{
    /// <summary>
    /// The path to GET on an HTTP destination: absolute (<c>/health</c>, on the destination's host and port) or a query
    /// added to the destination's address (<c>?wsdl</c>). A 2xx answer is healthy. Default <c>?wsdl</c>.
    /// </summary>
    public string Path { get; init; } = "?wsdl";

    /// <summary>
    /// How a net.tcp destination is probed without <see cref="Action"/>: <c>preamble</c> (a duplex preamble for its
    /// address, in its encoding and with its TLS upgrade; a Preamble Ack or Upgrade Response passes, a framing fault such
    /// as EndpointNotFound fails) or <c>connect</c> (a TCP connect). Default <c>preamble</c>.
    /// </summary>
    public string NetTcpProbe { get; init; } = NetTcpProbeKinds.Preamble;

    /// <summary>The SOAP action of an application-level probe (such as a service's Ping operation); null for none.</summary>
    public string? Action { get; init; }

    /// <summary>
    /// The XML inside the probe's SOAP Body, such as <c>&lt;Ping xmlns="http://tempuri.org/"/&gt;</c>; null for an empty
    /// Body. Only with <see cref="Action"/>.
    /// </summary>
    public string? Body { get; init; }

    /// <summary>
    /// Fault codes that still pass an action probe: a fault whose code or any subcode has one of these local names
    /// (<c>ActionNotSupported</c>: the service's dispatcher answered, so it is up, whichever action is probed). Empty
    /// (the default): every fault fails. Only with <see cref="Action"/>.
    /// </summary>
    public IReadOnlyList<string> HealthyFaults { get; init; } = [];

    /// <summary>Time between probes of one destination. Default 5 s.</summary>
    public TimeSpan Interval { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>Time one probe may take. Default 2 s.</summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromSeconds(2);

    /// <summary>Probes in a row that must pass before an ejected or unhealthy destination is chosen again. Default 2.</summary>
    public int HealthyThreshold { get; init; } = 2;

    /// <summary>Probes in a row that must fail before a destination is taken out. Default 3.</summary>
    public int UnhealthyThreshold { get; init; } = 3;
}
