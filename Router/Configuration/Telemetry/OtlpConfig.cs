namespace SoapRouter.Configuration;

/// <summary>Where traces and metrics are pushed with OTLP. Read at start; a reload that changes it is logged.</summary>
public sealed record OtlpConfig
{
    /// <summary>
    /// The collector's absolute http(s) URI; null: the standard OTEL_EXPORTER_OTLP_ENDPOINT variable decides, and with
    /// neither nothing is exported.
    /// </summary>
    public string? Endpoint { get; init; }

    /// <summary><c>grpc</c> (the default, port 4317 usually) or <c>httpProtobuf</c> (4318, paths /v1/traces and /v1/metrics).</summary>
    public string Protocol { get; init; } = OtlpProtocols.Grpc;

    /// <summary>How often metrics are pushed; default 15 seconds.</summary>
    public TimeSpan MetricsInterval { get; init; } = TimeSpan.FromSeconds(15);
}
