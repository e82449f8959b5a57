using OpenTelemetry;
using OpenTelemetry.Exporter;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;

namespace SoapRouter.Hosting;

/// <summary>
/// Registers the OpenTelemetry SDK for the router's one ActivitySource and one Meter: a Prometheus reader always (served
/// on the admin address as /metrics), and OTLP export of traces and metrics when telemetry.otlp.endpoint or the standard
/// OTEL_EXPORTER_OTLP_* variables name a collector. Read at start.
/// </summary>
internal static class TelemetryServices
{
    /// <summary>The service name traces and metrics are exported under.</summary>
    public const string ServiceName = "soap-router";

    private static readonly string[] OtlpVariables =
        ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT"];

    /// <summary>Adds the SDK as <paramref name="telemetry"/> asks.</summary>
    public static IServiceCollection AddRouterTelemetry(this IServiceCollection services, TelemetryConfig telemetry)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(telemetry);
        var otlp = UsesOtlp(telemetry.Otlp, Environment.GetEnvironmentVariable);
        var builder = services.AddOpenTelemetry()
            .ConfigureResource(resource => resource.AddService(ServiceName, serviceVersion: typeof(TelemetryServices).Assembly.GetName().Version?.ToString()));
        builder.WithMetrics(metrics =>
        {
            metrics.AddMeter(RouterTelemetry.Name).AddPrometheusExporter();
            if (otlp)
            {
                metrics.AddOtlpExporter((exporter, reader) =>
                {
                    Configure(exporter, telemetry.Otlp, "v1/metrics");
                    reader.PeriodicExportingMetricReaderOptions.ExportIntervalMilliseconds = (int)telemetry.Otlp.MetricsInterval.TotalMilliseconds;
                });
            }
        });

        // Without an exporter a tracer provider would only sample spans nobody sees: with none, spans are made only when
        // another listener (a test's, a profiler's) asks, and the client's traceparent still reaches the backend. With
        // one it is registered even while tracing.enabled is false, so a reload can switch spans on (and off) at once.
        if (otlp)
        {
            builder.WithTracing(tracing => tracing
                .AddSource(RouterTelemetry.Name)
                .SetSampler(new ParentBasedSampler(new TraceIdRatioBasedSampler(telemetry.Tracing.SampleRatio)))
                .AddOtlpExporter(exporter => Configure(exporter, telemetry.Otlp, "v1/traces")));
        }

        return services;
    }

    /// <summary>True when the config or the environment (<paramref name="variable"/>) names an OTLP endpoint.</summary>
    public static bool UsesOtlp(OtlpConfig otlp, Func<string, string?> variable)
    {
        ArgumentNullException.ThrowIfNull(otlp);
        ArgumentNullException.ThrowIfNull(variable);
        if (!string.IsNullOrWhiteSpace(otlp.Endpoint))
        {
            return true;
        }

        foreach (var name in OtlpVariables)
        {
            if (!string.IsNullOrWhiteSpace(variable(name)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The endpoint and protocol from router.json when it sets one (else the exporter reads the OTEL_* variables itself).
    /// Over HTTP a configured base address gets the signal's path, as the variable would.
    /// </summary>
    private static void Configure(OtlpExporterOptions exporter, OtlpConfig otlp, string signalPath)
    {
        if (string.IsNullOrWhiteSpace(otlp.Endpoint))
        {
            return;
        }

        var http = otlp.Protocol == OtlpProtocols.HttpProtobuf;
        exporter.Protocol = http ? OtlpExportProtocol.HttpProtobuf : OtlpExportProtocol.Grpc;
        var endpoint = new Uri(otlp.Endpoint, UriKind.Absolute);
        exporter.Endpoint = http && endpoint.AbsolutePath is "/" or "" ? new Uri(endpoint, signalPath) : endpoint;
    }
}
