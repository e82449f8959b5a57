using System.Diagnostics;

namespace BackendStub.Service;

/// <summary>
/// The stub's server spans: one per SOAP request, continuing the caller's traceparent (the HTTP header, or on net.tcp
/// a SOAP header named traceparent), so a demo through the router shows client, router and backend in one trace.
/// </summary>
internal static class StubTracing
{
    /// <summary>The stub's ActivitySource name.</summary>
    public const string Name = "SoapRouter.BackendStub";

    /// <summary>The stub's spans.</summary>
    public static ActivitySource Source { get; } = new(Name);

    /// <summary>Starts the server span of a request to <paramref name="endpoint"/>; null when nobody listens. A malformed traceparent starts a new trace.</summary>
    public static Activity? Start(string endpoint, string? traceParent, string? traceState)
    {
        if (!Source.HasListeners())
        {
            return null;
        }

        if (traceParent is null || traceParent.Length > 512 || !ActivityContext.TryParse(traceParent, traceState, isRemote: true, out var parent))
        {
            parent = default;

            // The host's own request activity is not exported: not a parent anyone would see.
            Activity.Current = null;
        }

        var activity = Source.StartActivity("stub " + endpoint, ActivityKind.Server, parent);
        activity?.SetTag("rpc.system", "soap");
        activity?.SetTag("stub.endpoint", endpoint);
        return activity;
    }
}
