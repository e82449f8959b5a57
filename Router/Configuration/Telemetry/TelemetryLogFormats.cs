namespace SoapRouter.Configuration;

/// <summary>The values of telemetry.logFormat and of <c>--log-format</c>.</summary>
public static class TelemetryLogFormats
{
    /// <summary>One readable line per event.</summary>
    public const string Text = "text";

    /// <summary>One compact JSON object per event (Serilog's CLEF), TraceId and SpanId included.</summary>
    public const string Json = "json";

    /// <summary>Every accepted value.</summary>
    public static readonly IReadOnlyList<string> All = [Text, Json];
}
