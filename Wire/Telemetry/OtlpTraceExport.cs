using OpenTelemetry;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;

namespace SoapRouter.Wire.Telemetry;

/// <summary>
/// The tools' span export (BackendStub, LoadClient): OTLP when the standard OTEL_EXPORTER_OTLP_ENDPOINT (or
/// _TRACES_ENDPOINT) variable names a collector, configured by the standard OTEL_* variables (protocol included).
/// The router configures its own from router.json.
/// </summary>
public static class OtlpTraceExport
{
    /// <summary>
    /// The tracer provider for <paramref name="sourceName"/>'s spans as service <paramref name="serviceName"/>, to
    /// dispose at exit (which flushes), or null when no collector is named.
    /// </summary>
    public static TracerProvider? StartFromEnvironment(string serviceName, string sourceName) =>
        string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable("OTEL_EXPORTER_OTLP_ENDPOINT"))
        && string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
            ? null
            : Sdk.CreateTracerProviderBuilder()
                .ConfigureResource(resource => resource.AddService(serviceName))
                .AddSource(sourceName)
                .AddOtlpExporter()
                .Build();
}
