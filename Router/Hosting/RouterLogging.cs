using Serilog;
using Serilog.Core;
using Serilog.Events;
using System.Globalization;
using Serilog.Formatting;
using Serilog.Formatting.Compact;
using Serilog.Formatting.Display;

namespace SoapRouter.Hosting;

/// <summary>The router's Serilog logger: text or compact JSON lines on the console, with the current span's ids.</summary>
internal static class RouterLogging
{
    /// <summary>
    /// ASP.NET Core's hosting diagnostics category: it logs only the per-request start/finish lines (Information) and
    /// start-up failures that the host rethrows anyway. While any level of it is enabled, hosting creates an Activity
    /// for every request (HostingApplicationDiagnostics) that nothing exports: the router makes its own spans, with the
    /// client's traceparent as parent. Off, that is 1.3% of the router's CPU on 1 KB messages saved (issue 22 profile).
    /// </summary>
    public const string HostingDiagnostics = "Microsoft.AspNetCore.Hosting.Diagnostics";

    /// <summary>The generic host's category: its "Hosting failed to start" error carries the whole stack of a failed bind.</summary>
    private const string Host = "Microsoft.Extensions.Hosting.Internal.Host";

    /// <summary>The generic host's event id of "Hosting failed to start" (its HostedServiceStartupFaulted).</summary>
    private const int HostStartupFaulted = 11;

    /// <summary>Above Fatal: Serilog has no "None", and a level past its last one enables nothing.</summary>
    private const LogEventLevel Off = LogEventLevel.Fatal + 1;

    /// <summary>The text line; TraceId/SpanId appear (as " trace=… span=…") only on lines written inside a span.</summary>
    public const string TextTemplate = "[{Timestamp:HH:mm:ss} {Level:u3}] {SourceContext}: {Message:lj}{TraceContext}{NewLine}{Exception}";

    /// <summary>
    /// Creates the logger; <paramref name="format"/> picks the format, <paramref name="level"/> the minimum level;
    /// lines go to the console, or to <paramref name="output"/> when given (tests).
    /// </summary>
    public static Logger Create(LoggingLevelSwitch level, LogFormatSwitch format, TextWriter? output = null)
    {
        ArgumentNullException.ThrowIfNull(level);
        ArgumentNullException.ThrowIfNull(format);
        var configuration = new LoggerConfiguration()
            .MinimumLevel.ControlledBy(level)
            .MinimumLevel.Override("Microsoft", LogEventLevel.Warning)
            .MinimumLevel.Override(HostingDiagnostics, Off)
            .Filter.ByExcluding(IsHostStartFailure)
            .Enrich.FromLogContext()
            .Enrich.With<ActivityEnricher>();
        var jsonFormatter = new CompactJsonFormatter();
        if (output is null)
        {
            // The console sink's own renderer for text: it writes URIs and other scalars as the router always has.
            return configuration
                .WriteTo.Logger(text => text.Enrich.With<TraceContextEnricher>().Filter.ByExcluding(_ => format.Json).WriteTo.Console(outputTemplate: TextTemplate, formatProvider: CultureInfo.InvariantCulture))
                .WriteTo.Logger(json => json.Filter.ByIncludingOnly(_ => format.Json).WriteTo.Console(jsonFormatter))
                .CreateLogger();
        }

        var textFormatter = new MessageTemplateTextFormatter(TextTemplate, CultureInfo.InvariantCulture);
        return configuration
            .WriteTo.Logger(text => text.Enrich.With<TraceContextEnricher>().Filter.ByExcluding(_ => format.Json).WriteTo.Sink(new WriterSink(textFormatter, output)))
            .WriteTo.Logger(json => json.Filter.ByIncludingOnly(_ => format.Json).WriteTo.Sink(new WriterSink(jsonFormatter, output)))
            .CreateLogger();
    }

    /// <summary>
    /// True for the generic host's "Hosting failed to start": the router's start reports that failure itself (one line
    /// for the operator, the detail in the debug log, <see cref="HostingLog.StartFailed"/>).
    /// </summary>
    private static bool IsHostStartFailure(LogEvent logEvent) =>
        logEvent.Properties.TryGetValue(Serilog.Core.Constants.SourceContextPropertyName, out var source)
        && source is ScalarValue { Value: Host }
        && logEvent.Properties.TryGetValue("EventId", out var eventId)
        && eventId is StructureValue id
        && id.Properties.Any(static property => property.Name == "Id" && property.Value is ScalarValue { Value: HostStartupFaulted });

    /// <summary>Writes formatted events to a writer (tests read the lines back).</summary>
    private sealed class WriterSink(ITextFormatter formatter, TextWriter output) : ILogEventSink
    {
        private readonly Lock _lock = new();

        public void Emit(LogEvent logEvent)
        {
            lock (_lock)
            {
                formatter.Format(logEvent, output);
            }
        }
    }

    /// <summary>Adds " trace=… span=…" for the text line, from the ids <see cref="ActivityEnricher"/> added.</summary>
    private sealed class TraceContextEnricher : ILogEventEnricher
    {
        public void Enrich(LogEvent logEvent, ILogEventPropertyFactory propertyFactory)
        {
            if (logEvent.Properties.TryGetValue(ActivityEnricher.TraceIdProperty, out var trace)
                && logEvent.Properties.TryGetValue(ActivityEnricher.SpanIdProperty, out var span)
                && trace is ScalarValue { Value: string traceId }
                && span is ScalarValue { Value: string spanId })
            {
                logEvent.AddPropertyIfAbsent(new LogEventProperty("TraceContext", new ScalarValue($" trace={traceId} span={spanId}")));
            }
        }
    }
}
