namespace SoapRouter.Configuration;

/// <summary>Logging, tracing and metrics export settings.</summary>
public sealed record TelemetryConfig
{
    /// <summary>Minimum Serilog level: Verbose, Debug, Information, Warning, Error, Fatal. Default Information.</summary>
    public string LogLevel { get; init; } = "Information";

    /// <summary>
    /// How log lines are written: <c>text</c> (one readable line, the default) or <c>json</c> (one compact JSON object
    /// per line, for containers). Read at start; <c>--log-format</c> on the command line wins.
    /// </summary>
    public string LogFormat { get; init; } = TelemetryLogFormats.Text;

    /// <summary>Spans per message and per forwarding attempt.</summary>
    public TracingConfig Tracing { get; init; } = new();

    /// <summary>OTLP export of traces and metrics; off unless an endpoint is set here or in OTEL_EXPORTER_OTLP_ENDPOINT.</summary>
    public OtlpConfig Otlp { get; init; } = new();
}
