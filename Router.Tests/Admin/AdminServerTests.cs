using System.Net;
using System.Text.Json;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Admin;

public sealed class AdminServerTests
{
    private static readonly HttpClient Client = new();
    private readonly FakeTimeProvider _clock = new();
    private readonly RouterStatistics _statistics = new();
    private readonly StubHealth _health = new();

    [Fact]
    public async Task Start_PortZero_ExposesTheBoundLoopbackAddress()
    {
        await using var server = await StartAsync();

        Assert.NotNull(server.BoundAddress);
        Assert.Equal("127.0.0.1", server.BoundAddress.Host);
        Assert.NotEqual(0, server.BoundAddress.Port);
    }

    [Fact]
    public async Task Health_ReturnsOkWithConfigVersionAndUptime()
    {
        await using var server = await StartAsync();
        _health.ConfigVersion = 7;
        _clock.Advance(TimeSpan.FromSeconds(90));

        using var response = await Client.GetAsync(new Uri(server.BoundAddress!, "/health"));
        using var body = await ReadJsonAsync(response);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("ok", body.RootElement.GetProperty("status").GetString());
        Assert.Equal(7, body.RootElement.GetProperty("configVersion").GetInt64());
        Assert.Equal(90, body.RootElement.GetProperty("uptimeSeconds").GetDouble());
    }

    [Fact]
    public async Task Health_SourceReportsDegraded_SaysDegraded()
    {
        await using var server = await StartAsync();
        _health.Status = HealthStatus.Degraded;

        using var response = await Client.GetAsync(new Uri(server.BoundAddress!, "/health"));
        using var body = await ReadJsonAsync(response);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("degraded", body.RootElement.GetProperty("status").GetString());
    }

    [Fact]
    public async Task Stats_ReturnsTheStatisticsSnapshotAsCamelCaseJson()
    {
        await using var server = await StartAsync();
        _statistics.RecordMessage(ForwardingPath.Reencoded, oneWay: false, bytesIn: 300, bytesOut: 500);
        _statistics.RecordFault(FaultKind.BackendFault);
        _statistics.Route("orders").Record(300, 500);

        using var response = await Client.GetAsync(new Uri(server.BoundAddress!, "/stats"));
        using var body = await ReadJsonAsync(response);
        var root = body.RootElement;

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(1, root.GetProperty("messages").GetInt64());
        Assert.Equal(1, root.GetProperty("requestReply").GetInt64());
        Assert.Equal(300, root.GetProperty("bytesIn").GetInt64());
        Assert.Equal(1, root.GetProperty("faults").GetProperty("backendFault").GetInt64());
        Assert.Equal(1, root.GetProperty("paths").GetProperty("reencoded").GetProperty("messages").GetInt64());
        Assert.Equal(500, root.GetProperty("routes").GetProperty("orders").GetProperty("bytesOut").GetInt64());
    }

    [Fact]
    public async Task UnknownPath_Returns404()
    {
        await using var server = await StartAsync();
        using var response = await Client.GetAsync(new Uri(server.BoundAddress!, "/config"));

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Stop_ClosesTheListener()
    {
        await using var server = await StartAsync();
        var address = server.BoundAddress!;

        await server.StopAsync();

        Assert.Null(server.BoundAddress);
        await Assert.ThrowsAsync<HttpRequestException>(() => Client.GetAsync(new Uri(address, "/health")));
    }

    [Fact]
    public async Task Start_PortAlreadyInUse_Throws()
    {
        await using var first = await StartAsync();
        var taken = new AdminConfig { Address = $"http://127.0.0.1:{first.BoundAddress!.Port}" };
        await using var second = new AdminServer(taken, _statistics, _health, _clock, NullLogger<AdminServer>.Instance);

        await Assert.ThrowsAnyAsync<IOException>(() => second.StartAsync());
        Assert.Null(second.BoundAddress);
    }

    [Theory]
    [InlineData("http://admin.example.com:9901")]
    [InlineData("https://127.0.0.1:9901")]
    [InlineData("http://127.0.0.1:9901/admin")]
    [InlineData("not an address")]
    public void Constructor_AddressNotABindableHttpIp_Throws(string address) =>
        Assert.Throws<ArgumentException>(() =>
            new AdminServer(new AdminConfig { Address = address }, _statistics, _health, _clock, NullLogger<AdminServer>.Instance));

    private async Task<AdminServer> StartAsync()
    {
        var server = new AdminServer(new AdminConfig { Address = "http://127.0.0.1:0" }, _statistics, _health, _clock, NullLogger<AdminServer>.Instance);
        await server.StartAsync();
        return server;
    }

    private static async Task<JsonDocument> ReadJsonAsync(HttpResponseMessage response) =>
        await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());

    private sealed class StubHealth : IHealthSource
    {
        public long ConfigVersion { get; set; } = 1;

        public HealthStatus Status { get; set; } = HealthStatus.Ok;

        public HealthStatus GetStatus() => Status;
    }
}
