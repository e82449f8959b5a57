using OpenTelemetry;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;

namespace LoadClient.Driving;

/// <summary>Exports LoadClient's spans with OTLP when the standard OTEL_EXPORTER_OTLP_ENDPOINT variable names a collector.</summary>
internal static class OtlpTraceExport
{
    /// <summary>The tracer provider to dispose at exit (which flushes), or null when no collector is named.</summary>
    public static TracerProvider? StartFromEnvironment() =>
        string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable("OTEL_EXPORTER_OTLP_ENDPOINT"))
        && string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
            ? null
            : Sdk.CreateTracerProviderBuilder()
                .ConfigureResource(resource => resource.AddService("soap-loadclient"))
                .AddSource(LoadTracing.Name)
                .AddOtlpExporter()
                .Build();
}
