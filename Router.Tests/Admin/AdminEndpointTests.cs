using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Admin;
using SoapRouter.Listening.Connections;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Admin;

/// <summary>The admin endpoint's answers, served by a real Kestrel host (the router serves it the same way, on its own address).</summary>
public sealed class AdminEndpointTests
{
    private static readonly HttpClient Client = new();
    private readonly FakeTimeProvider _clock = new();
    private readonly RouterStatistics _statistics = new();
    private readonly StubHealth _health = new();


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
    public async Task Health_ListenerThatCannotAccept_Says503Unhealthy()
    {
        await using var server = await StartAsync();
        var connections = _statistics.Connections("basic", 10);
        for (var i = 0; i < 12; i++)
        {
            connections.AcceptFailed(_clock.GetTimestamp());
            _clock.Advance(TimeSpan.FromMilliseconds(500));
        }

        using var response = await Client.GetAsync(new Uri(server.BoundAddress!, "/health"));
        using var body = await ReadJsonAsync(response);

        Assert.Equal(HttpStatusCode.ServiceUnavailable, response.StatusCode);
        Assert.Equal("unhealthy", body.RootElement.GetProperty("status").GetString());
    }

    [Fact]
    public async Task HealthAndStats_WhileAListenerWaitsForTheDescriptorReserve_SayDegradedWhyAndHowMany()
    {
        using var reserve = new DescriptorReserve(new FakeOpenFiles(1024, 1024) { Open = 1000 }, 64, () => 0, _clock, NullLogger<DescriptorReserve>.Instance);
        _statistics.Connections("basic", 10).ReserveWaitStarted();
        await using var server = await StartAsync(reserve);

        using var health = await ReadJsonAsync(await Client.GetAsync(new Uri(server.BoundAddress!, "/health")));
        using var stats = await ReadJsonAsync(await Client.GetAsync(new Uri(server.BoundAddress!, "/stats")));

        Assert.Equal("degraded", health.RootElement.GetProperty("status").GetString());
        Assert.Equal(
            "listeners basic stopped accepting: 24 of 1024 file descriptors free, limits.fileDescriptorReserve is 64",
            Assert.Single(health.RootElement.GetProperty("reasons").EnumerateArray().ToList()).GetString());
        var listener = stats.RootElement.GetProperty("listeners").GetProperty("basic");
        Assert.Equal(1, listener.GetProperty("reservePauses").GetInt64());
        Assert.False(listener.GetProperty("accepting").GetBoolean());
        var descriptors = stats.RootElement.GetProperty("fileDescriptors");
        Assert.Equal(1024, descriptors.GetProperty("limit").GetInt64());
        Assert.Equal(1000, descriptors.GetProperty("open").GetInt32());
        Assert.Equal(24, descriptors.GetProperty("free").GetInt64());
        Assert.Equal(64, descriptors.GetProperty("reserve").GetInt32());
    }

    [Fact]
    public async Task Health_Ok_HasNoReasons()
    {
        await using var server = await StartAsync();

        using var health = await ReadJsonAsync(await Client.GetAsync(new Uri(server.BoundAddress!, "/health")));

        Assert.False(health.RootElement.TryGetProperty("reasons", out _));
    }

    [Fact]
    public async Task Post_Returns405()
    {
        await using var server = await StartAsync();
        using var response = await Client.PostAsync(new Uri(server.BoundAddress!, "/stats"), new StringContent("x"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    private async Task<AdminHost> StartAsync(DescriptorReserve? descriptors = null)
    {
        var endpoint = new AdminEndpoint(_statistics, _health, _clock, descriptors: descriptors);
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        var app = builder.Build();
        app.Run(endpoint.HandleAsync);
        await app.StartAsync();
        return new AdminHost(app);
    }

    private static async Task<JsonDocument> ReadJsonAsync(HttpResponseMessage response) =>
        await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());

    private sealed class AdminHost(WebApplication app) : IAsyncDisposable
    {
        public Uri? BoundAddress { get; } = new(app.Urls.First());

        public ValueTask DisposeAsync() => app.DisposeAsync();
    }

    private sealed class StubHealth : IHealthSource
    {
        public long ConfigVersion { get; set; } = 1;

        public HealthStatus Status { get; set; } = HealthStatus.Ok;

        public HealthStatus GetStatus() => Status;
    }
}
