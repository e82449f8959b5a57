namespace SoapRouter.Configuration;

/// <summary>Validation of the telemetry section: log level and format, tracing, OTLP export.</summary>
internal static class TelemetryRules
{
    /// <summary>Longest interval between metric pushes the config may ask for.</summary>
    public static readonly TimeSpan MaxMetricsInterval = TimeSpan.FromHours(1);

    /// <summary>Checks every telemetry key; every error is reported.</summary>
    public static void Check(TelemetryConfig telemetry, ConfigValidationContext context)
    {
        if (!RouterConfigValidator.LogLevels.Contains(telemetry.LogLevel))
        {
            context.Error("telemetry.logLevel", $"unknown log level '{telemetry.LogLevel}'; valid levels: {string.Join(", ", RouterConfigValidator.LogLevels)}");
        }

        if (!TelemetryLogFormats.All.Contains(telemetry.LogFormat))
        {
            context.Error("telemetry.logFormat", $"unknown log format '{telemetry.LogFormat}'; valid formats: {string.Join(", ", TelemetryLogFormats.All)}");
        }

        CheckTracing(telemetry.Tracing, context);
        CheckOtlp(telemetry.Otlp, context);
    }

    private static void CheckTracing(TracingConfig tracing, ConfigValidationContext context)
    {
        var ratio = tracing.SampleRatio;
        if (double.IsNaN(ratio) || ratio < 0 || ratio > 1)
        {
            context.Error("telemetry.tracing.sampleRatio", $"must be from 0 to 1 (is {ratio.ToString(System.Globalization.CultureInfo.InvariantCulture)})");
        }

        if (tracing.SoapHeader is { } header)
        {
            if (string.IsNullOrWhiteSpace(header.Name))
            {
                context.Error("telemetry.tracing.soapHeader.name", "is required: the header's local name, e.g. \"traceparent\"");
            }
            else if (!IsNcName(header.Name))
            {
                context.Error("telemetry.tracing.soapHeader.name", $"'{header.Name}' is not an XML local name (no prefix, no spaces)");
            }

            if (header.Namespace.Length > 0 && !Uri.TryCreate(header.Namespace, UriKind.Absolute, out _))
            {
                context.Error("telemetry.tracing.soapHeader.namespace", $"'{header.Namespace}' is not an absolute URI (use \"\" for none)");
            }
        }
    }

    private static void CheckOtlp(OtlpConfig otlp, ConfigValidationContext context)
    {
        if (otlp.Endpoint is { } endpoint
            && (!Uri.TryCreate(endpoint, UriKind.Absolute, out var uri) || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps)))
        {
            context.Error("telemetry.otlp.endpoint", $"'{endpoint}' is not an absolute http:// or https:// URI");
        }

        if (!OtlpProtocols.All.Contains(otlp.Protocol))
        {
            context.Error("telemetry.otlp.protocol", $"unknown protocol '{otlp.Protocol}'; valid protocols: {string.Join(", ", OtlpProtocols.All)}");
        }

        if (otlp.MetricsInterval < TimeSpan.FromSeconds(1) || otlp.MetricsInterval > MaxMetricsInterval)
        {
            context.Error("telemetry.otlp.metricsInterval", $"must be from 00:00:01 to {MaxMetricsInterval} (is {otlp.MetricsInterval})");
        }
    }

    private static bool IsNcName(string name)
    {
        try
        {
            return System.Xml.XmlConvert.VerifyNCName(name) is not null;
        }
        catch (System.Xml.XmlException)
        {
            return false;
        }
    }
}
