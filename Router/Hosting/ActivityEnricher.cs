using System.Diagnostics;
using Serilog.Core;
using Serilog.Events;

namespace SoapRouter.Hosting;

/// <summary>
/// Adds the current span's TraceId and SpanId to every log event written while a message is being handled, so a log
/// line can be found from its trace and the other way round. Nothing is added outside a span.
/// </summary>
internal sealed class ActivityEnricher : ILogEventEnricher
{
    /// <summary>The trace id property.</summary>
    public const string TraceIdProperty = "TraceId";

    /// <summary>The span id property.</summary>
    public const string SpanIdProperty = "SpanId";

    /// <inheritdoc />
    public void Enrich(LogEvent logEvent, ILogEventPropertyFactory propertyFactory)
    {
        ArgumentNullException.ThrowIfNull(logEvent);
        ArgumentNullException.ThrowIfNull(propertyFactory);
        if (Activity.Current is not { IdFormat: ActivityIdFormat.W3C } activity)
        {
            return;
        }

        logEvent.AddPropertyIfAbsent(new LogEventProperty(TraceIdProperty, new ScalarValue(activity.TraceId.ToHexString())));
        logEvent.AddPropertyIfAbsent(new LogEventProperty(SpanIdProperty, new ScalarValue(activity.SpanId.ToHexString())));
    }
}
