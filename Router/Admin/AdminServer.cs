using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Telemetry;

namespace SoapRouter.Admin;

/// <summary>
/// The admin endpoint: a separate small Kestrel app serving GET /health and GET /stats on the configured address
/// only, apart from the listeners so it never competes with message traffic or shows up on the DMZ side.
/// </summary>
internal sealed class AdminServer : IAsyncDisposable
{
    private const string StatusOk = "ok";
    private const string StatusDegraded = "degraded";

    private readonly IPEndPoint _endPoint;
    private readonly RouterStatistics _statistics;
    private readonly IHealthSource _health;
    private readonly TimeProvider _timeProvider;
    private readonly ILogger _logger;
    private readonly long _createdAt;
    private WebApplication? _app;

    /// <summary>
    /// Prepares the server; a bad <see cref="AdminConfig.Address"/> throws here, at start, not later. Uptime counts
    /// from this call.
    /// </summary>
    public AdminServer(AdminConfig config, RouterStatistics statistics, IHealthSource health, TimeProvider timeProvider, ILogger<AdminServer> logger)
    {
        ArgumentNullException.ThrowIfNull(config);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(health);
        ArgumentNullException.ThrowIfNull(timeProvider);
        ArgumentNullException.ThrowIfNull(logger);
        _endPoint = ParseEndPoint(config.Address);
        _statistics = statistics;
        _health = health;
        _timeProvider = timeProvider;
        _logger = logger;
        _createdAt = timeProvider.GetTimestamp();
    }

    /// <summary>The address actually bound (with the real port when the config asked for port 0); null until started.</summary>
    public Uri? BoundAddress { get; private set; }

    /// <summary>Starts listening; returns once the port is bound.</summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        if (_app is not null)
        {
            throw new InvalidOperationException("The admin server is already started.");
        }

        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            ApplicationName = typeof(AdminServer).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<IHostLifetime, EmbeddedHostLifetime>();
        builder.WebHost.ConfigureKestrel(options => options.Listen(_endPoint));

        var app = builder.Build();
        app.MapGet("/health", (RequestDelegate)WriteHealthAsync);
        app.MapGet("/stats", (RequestDelegate)WriteStatsAsync);

        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            // Port taken or address not local: release what the host built, then let the router refuse to start.
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        _app = app;
        BoundAddress = new Uri(app.Urls.First(), UriKind.Absolute);
        AdminServerLog.Listening(_logger, BoundAddress);
    }

    /// <summary>Stops listening and lets requests in progress finish within <paramref name="cancellationToken"/>.</summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        var app = _app;
        if (app is null)
        {
            return;
        }

        _app = null;
        BoundAddress = null;
        try
        {
            await app.StopAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await app.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync() => await StopAsync().ConfigureAwait(false);

    private Task WriteHealthAsync(HttpContext context)
    {
        var status = _health.GetStatus() == HealthStatus.Ok ? StatusOk : StatusDegraded;
        var uptime = _timeProvider.GetElapsedTime(_createdAt).TotalSeconds;
        // A degraded router still routes what it can, so it answers 200; the body says which.
        var report = new HealthReport(status, _health.ConfigVersion, Math.Round(uptime, 3));
        return context.Response.WriteAsJsonAsync(report, AdminJsonContext.Default.HealthReport, contentType: null, context.RequestAborted);
    }

    private Task WriteStatsAsync(HttpContext context) =>
        context.Response.WriteAsJsonAsync(
            _statistics.Snapshot(), TelemetryJsonContext.Default.StatisticsSnapshot, contentType: null, context.RequestAborted);

    // The validator uses the same parser, so this throws only for a config that skipped validation.
    private static IPEndPoint ParseEndPoint(string address) =>
        AdminEndpointAddress.TryParse(address, out var endPoint, out var error)
            ? endPoint
            : throw new ArgumentException("Admin address " + error, nameof(address));
}
