using System.Diagnostics;
using System.Text.Json;
using Microsoft.Extensions.Logging;
using Serilog.Core;
using Serilog.Events;
using SoapRouter.Hosting;

namespace SoapRouter.Tests.Hosting;

public sealed class RouterLoggingTests
{
    [Fact]
    public void JsonFormat_InsideASpan_OneJsonObjectPerLineWithTraceIdAndSpanId()
    {
        using var output = new StringWriter();
        using var logger = RouterLogging.Create(new LoggingLevelSwitch(), new LogFormatSwitch { Json = true }, output);
        using var activity = new Activity("test").SetIdFormat(ActivityIdFormat.W3C).Start();

        logger.ForContext("SourceContext", "Test").Information("Routed {Action} to {Destination}", "urn:echo", "d1");

        using var line = JsonDocument.Parse(output.ToString().Trim());
        var root = line.RootElement;
        Assert.Equal("Routed {Action} to {Destination}", root.GetProperty("@mt").GetString());
        Assert.Equal("urn:echo", root.GetProperty("Action").GetString());
        Assert.Equal(activity.TraceId.ToHexString(), root.GetProperty("TraceId").GetString());
        Assert.Equal(activity.SpanId.ToHexString(), root.GetProperty("SpanId").GetString());
        Assert.False(root.TryGetProperty("TraceContext", out _), "the text line's suffix stays out of JSON");
    }

    [Fact]
    public void TextFormat_InsideASpan_LineEndsWithTraceAndSpan_OutsideNone()
    {
        using var output = new StringWriter();
        using var logger = RouterLogging.Create(new LoggingLevelSwitch(), new LogFormatSwitch(), output);

        logger.Information("outside");
        using (var activity = new Activity("test").SetIdFormat(ActivityIdFormat.W3C).Start())
        {
            logger.Information("inside");
            var lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
            Assert.EndsWith(": outside", lines[0], StringComparison.Ordinal);
            Assert.EndsWith($": inside trace={activity.TraceId.ToHexString()} span={activity.SpanId.ToHexString()}", lines[1], StringComparison.Ordinal);
        }
    }

    [Fact]
    public void FormatSwitch_FlippedAfterCreation_LaterLinesUseTheNewFormat()
    {
        using var output = new StringWriter();
        var format = new LogFormatSwitch();
        using var logger = RouterLogging.Create(new LoggingLevelSwitch(LogEventLevel.Debug), format, output);

        logger.Debug("as text");
        format.Json = true;
        logger.Debug("as json");

        var lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, lines.Length);
        Assert.Contains("DBG", lines[0], StringComparison.Ordinal);
        Assert.Equal("as json", JsonDocument.Parse(lines[1]).RootElement.GetProperty("@mt").GetString());
    }

    [Theory]
    [InlineData("json")]
    [InlineData("text")]
    public void CommandLine_LogFormat_Taken(string format)
    {
        var parsed = RouterCommandLine.TryParse(["--log-format", format], out var errors);

        Assert.Empty(errors);
        Assert.Equal(format, parsed!.LogFormat);
    }

    [Fact]
    public void CommandLine_UnknownLogFormat_ReportedWithTheValidOnes()
    {
        Assert.Null(RouterCommandLine.TryParse(["--log-format", "xml"], out var errors));
        Assert.Contains("text, json", Assert.Single(errors), StringComparison.Ordinal);
    }

    [Fact]
    public void HostingDiagnostics_OffAtEveryLevel_OtherMicrosoftCategoriesStillWarn()
    {
        // ASP.NET Core's hosting starts an Activity per request whenever its logger is enabled at Critical: off here,
        // none is made (the router's own span is the request's span).
        using var output = new StringWriter();
        using var factory = new Serilog.Extensions.Logging.SerilogLoggerFactory(
            RouterLogging.Create(new LoggingLevelSwitch(LogEventLevel.Verbose), new LogFormatSwitch(), output), dispose: true);

        var hosting = factory.CreateLogger(RouterLogging.HostingDiagnostics);
        var kestrel = factory.CreateLogger("Microsoft.AspNetCore.Server.Kestrel");

        Assert.False(hosting.IsEnabled(LogLevel.Critical));
        Assert.True(kestrel.IsEnabled(LogLevel.Warning));
        Assert.False(kestrel.IsEnabled(LogLevel.Information));
        hosting.Log(LogLevel.Critical, default, "dropped", null, (text, _) => text);
        kestrel.Log(LogLevel.Error, default, "kept", null, (text, _) => text);
        Assert.DoesNotContain("dropped", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("kept", output.ToString(), StringComparison.Ordinal);
    }
}
