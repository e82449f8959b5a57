using System.Text;
using System.Text.Json;
using global::LoadClient;
using global::LoadClient.Latency;
using global::LoadClient.Reporting;
using Microsoft.AspNetCore.Http;
using SoapRouter.Tests.Support;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// --rate's open model and the live progress, against real Kestrel apps on loopback. The bounds asserted follow from the
/// schedule itself (a request cannot start before its slot, a slow reply delays every later one), not from timing luck.
/// </summary>
public sealed class LoadAppRateAndProgressTests
{
    private static readonly byte[] Reply = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"/></s:Body></s:Envelope>");

    [Fact]
    public async Task Run_AtARate_SpreadsTheRequestsOverTheSchedule()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply));
        using var directory = new TempDirectory();
        var json = directory.File("rate.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--rate", "40", "--requests", "9", "--warmup", "0", "--concurrency", "2", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(9, root.GetProperty("requests").GetInt64());
        Assert.Equal(40, root.GetProperty("targetRate").GetDouble());

        // The ninth request is due 8/40 s after the schedule's start, which the wall clock's start may trail by a few
        // ms (seen once in a full run): at least 0.18 s, where 9 unpaced requests take ~10 ms.
        Assert.True(root.GetProperty("wallSeconds").GetDouble() >= 0.18, root.GetProperty("wallSeconds").ToString());
        Assert.Contains("rate           target 40.0 req/s", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_AtARateTheTargetCannotKeepUp_CountsLateStartsAndTheirQueueingInLatency()
    {
        // One slot, replies that take at least 200 ms, requests due every 20 ms: from the second on, every request waits
        // for the slot. Request k (0-based) is due at 20k ms but cannot start before 200k ms, so its latency from the
        // schedule is at least 200(k+1) - 20k ms; the last of 5 at least 920 ms. Measured from its send it would be ~200 ms.
        await using var backend = await RecordingBackend.StartAsync(async (context, _, backend) =>
        {
            await Task.Delay(200, backend.Stopping);
            context.Response.StatusCode = StatusCodes.Status200OK;
            context.Response.ContentType = "text/xml; charset=utf-8";
            await context.Response.Body.WriteAsync(Reply, backend.Stopping);
        });
        using var directory = new TempDirectory();
        var json = directory.File("late.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--rate", "50", "--requests", "5", "--warmup", "0", "--concurrency", "1", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var root = report.RootElement;
        Assert.Equal(4, root.GetProperty("lateStarts").GetInt64());
        Assert.True(root.GetProperty("latencyMs").GetProperty("max").GetDouble() >= 920, root.GetProperty("latencyMs").ToString());
    }

    [Fact]
    public async Task Run_WithoutRate_ReportsNoRateFields()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply));
        using var directory = new TempDirectory();
        var json = directory.File("closed.json");

        var (exitCode, output, error) = await RunAsync("--url", backend.Address("/svc"), "--requests", "3", "--warmup", "0", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        Assert.Equal(JsonValueKind.Null, report.RootElement.GetProperty("targetRate").ValueKind);
        Assert.Equal(JsonValueKind.Null, report.RootElement.GetProperty("lateStarts").ValueKind);
        Assert.True(report.RootElement.GetProperty("latencyMs").GetProperty("p999").GetDouble() > 0);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Run_OnATerminal_OverwritesOneProgressLine_AndQuietWritesNone(bool quiet)
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply));
        using var output = new StringWriter();
        using var error = new StringWriter();
        string[] args = ["--url", backend.Address("/svc"), "--duration", "3.5", "--warmup", "0", "--concurrency", "1", "--rate", "20"];

        var exitCode = await LoadApp.RunAsync(quiet ? [.. args, "--quiet"] : args, output, error, CancellationToken.None, outputIsTerminal: true);

        ExitCodeAssert.Equal(0, exitCode, output.ToString() + error);
        var text = output.ToString();
        if (quiet)
        {
            Assert.DoesNotContain("\r", text, StringComparison.Ordinal);
            Assert.DoesNotContain("req/s  faults", text, StringComparison.Ordinal);
        }
        else
        {
            // A line a second, each starting with a carriage return over the last; the report starts on a new line. Three
            // ticks are due in 3.5 s; two are asked for, so a busy machine's late timer does not fail the test.
            Assert.True(text.Split('\r').Length >= 3, text);
            Assert.Contains("req/s  faults 0  errors 0  p50 ", text, StringComparison.Ordinal);
            Assert.Contains("\nbasicHttp echo -> ", text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void FormatLine_ShowsRateFaultsErrorsAndIntervalPercentiles()
    {
        var interval = LatencyHistograms.Create();
        interval.RecordValueWithCount(1_000, 99);
        interval.RecordValue(50_000);

        var line = LiveProgress.FormatLine(TimeSpan.FromSeconds(3), 2.0, 100, 1, 2, interval);

        Assert.Equal("[    3 s]      50.0 req/s  faults 1  errors 2  p50 1.000 ms  p99 1.000 ms", line);
    }

    [Fact]
    public async Task Run_NotOnATerminal_WritesAPlainLineEveryFiveSeconds()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply));

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--duration", "7", "--warmup", "0", "--concurrency", "1", "--rate", "10");

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.DoesNotContain("\r", output, StringComparison.Ordinal);
        // Due at 5 s, the next at 10 s: one line, with two seconds to spare for a busy machine's timer.
        var progress = Assert.Single(output.Split('\n'), l => l.Contains("req/s  faults", StringComparison.Ordinal));
        // The line shows the seconds elapsed when the timer fired: 5, or 6 when a busy machine's timer ran late (seen in CI).
        Assert.Matches(@"^\[    [56] s\]", progress);
    }
}
