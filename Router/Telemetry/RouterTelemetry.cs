using System.Diagnostics;

namespace SoapRouter.Telemetry;

/// <summary>
/// The names under which the router publishes traces and metrics (one <see cref="ActivitySource"/>, one Meter), for
/// exporters and for tests that listen.
/// </summary>
internal static class RouterTelemetry
{
    /// <summary>The ActivitySource's and the Meter's name.</summary>
    public const string Name = "SoapRouter";

    /// <summary>The router's spans: a server span per message, a client span per forwarding attempt.</summary>
    public static ActivitySource Source { get; } = new(Name, typeof(RouterTelemetry).Assembly.GetName().Version?.ToString());
}
