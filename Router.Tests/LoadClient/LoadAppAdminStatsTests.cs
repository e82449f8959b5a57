using System.Text;
using System.Text.Json;
using global::LoadClient.AdminStats;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using SoapRouter.Admin;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// --admin-url against the router's own admin endpoint (AdminEndpoint and RouterStatistics on a real Kestrel host),
/// whose counters a loopback backend moves for every request it answers, as the router's forwarder would.
/// </summary>
public sealed class LoadAppAdminStatsTests
{
    private static readonly byte[] Reply = Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"/></s:Body></s:Envelope>");

    [Fact]
    public async Task Run_WithAdminUrl_ReportsTheRoutersCountersOverTheMeasuredPhaseOnly()
    {
        var statistics = new RouterStatistics();
        await using var admin = await StartAdminAsync(statistics);
        await using var backend = await RecordingBackend.StartAsync(async (context, received, backend) =>
        {
            statistics.RecordMessage(ForwardingPath.Verbatim, oneWay: false, bytesIn: received.Body.Length, bytesOut: Reply.Length);
            statistics.Route("echo").Record(received.Body.Length, Reply.Length);
            await RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply)(context, received, backend);
        });
        using var directory = new TempDirectory();
        var json = directory.File("admin.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--admin-url", admin.Address, "--requests", "7", "--warmup", "3", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var router = report.RootElement.GetProperty("router");
        Assert.Equal(7, router.GetProperty("messages").GetInt64());
        Assert.Equal(7, router.GetProperty("verbatimMessages").GetInt64());
        Assert.Equal(0, router.GetProperty("reencodedMessages").GetInt64());
        // The admin process here is the test process itself: its CPU moved during the run.
        Assert.True(router.GetProperty("cpuMs").GetDouble() > 0);
        Assert.Equal(JsonValueKind.Null, router.GetProperty("problem").ValueKind);
        var delta = router.GetProperty("statsDelta");
        Assert.Equal(7, delta.GetProperty("routes").GetProperty("echo").GetProperty("messages").GetInt64());
        Assert.Equal(7L * Reply.Length, delta.GetProperty("bytesOut").GetInt64());
        Assert.Contains("router         7 messages (7 verbatim, 0 re-encoded)", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_WithAnAdminUrlNobodyServes_StillRunsAndSaysWhyTheRouterIsMissing()
    {
        await using var backend = await RecordingBackend.StartAsync(RecordingBackend.Replies(200, "text/xml; charset=utf-8", Reply));
        using var directory = new TempDirectory();
        var json = directory.File("noadmin.json");

        var (exitCode, output, error) = await RunAsync(
            "--url", backend.Address("/svc"), "--admin-url", $"http://127.0.0.1:{FreePort.Unused()}", "--requests", "2", "--warmup", "0", "--json", json);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        using var report = JsonDocument.Parse(await File.ReadAllBytesAsync(json));
        var router = report.RootElement.GetProperty("router");
        Assert.Contains("/stats failed", router.GetProperty("problem").GetString(), StringComparison.Ordinal);
        Assert.Equal(JsonValueKind.Null, router.GetProperty("messages").ValueKind);
    }

    [Fact]
    public void JsonDelta_SubtractsNumbersRecursively_AndKeepsOtherValuesFromTheLaterReading()
    {
        using var before = JsonDocument.Parse("""{"messages":10,"ratio":0.5,"paths":{"verbatim":{"messages":4}},"state":"ok","routes":{}}""");
        using var after = JsonDocument.Parse("""{"messages":25,"ratio":0.75,"paths":{"verbatim":{"messages":9}},"state":"degraded","routes":{"a":{"messages":3}}}""");

        var delta = JsonDelta.Subtract(before.RootElement, after.RootElement)!;

        Assert.Equal(
            """{"messages":15,"ratio":0.25,"paths":{"verbatim":{"messages":5}},"state":"degraded","routes":{"a":{"messages":3}}}""",
            delta.ToJsonString());
    }

    private static async Task<AdminHost> StartAdminAsync(RouterStatistics statistics)
    {
        var endpoint = new AdminEndpoint(statistics, new NoHealth(), TimeProvider.System);
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        var app = builder.Build();
        app.Run(endpoint.HandleAsync);
        await app.StartAsync();
        return new AdminHost(app);
    }

    private sealed class AdminHost(WebApplication app) : IAsyncDisposable
    {
        public string Address { get; } = app.Urls.First();

        public ValueTask DisposeAsync() => app.DisposeAsync();
    }

    private sealed class NoHealth : IHealthSource
    {
        public long ConfigVersion => 1;

        public HealthStatus GetStatus() => HealthStatus.Ok;
    }
}
