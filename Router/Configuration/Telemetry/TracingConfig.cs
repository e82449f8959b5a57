namespace SoapRouter.Configuration;

/// <summary>
/// The router's spans: one server span per message and one client span per forwarding attempt, continuing the client's
/// W3C trace context. Re-read on reload (enabled, the SOAP header); the sampler is built at start.
/// </summary>
public sealed record TracingConfig
{
    /// <summary>False: no spans at all (a client's traceparent still goes on to the backend unchanged). Default true.</summary>
    public bool Enabled { get; init; } = true;

    /// <summary>
    /// Share of new traces (messages that arrive without a trace context) that are recorded, 0 to 1; default 1. The
    /// sampler is parent-based: a message whose caller sampled its trace is always recorded, one whose caller did not
    /// is never recorded, so a trace is never cut in the middle.
    /// </summary>
    public double SampleRatio { get; init; } = 1.0;

    /// <summary>
    /// The SOAP header carrying <c>traceparent</c> on net.tcp (which has no HTTP headers); null (the default): none is read
    /// or written.
    /// </summary>
    public TraceHeaderConfig? SoapHeader { get; init; }
}
