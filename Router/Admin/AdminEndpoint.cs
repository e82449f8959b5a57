using SoapRouter.Telemetry;

namespace SoapRouter.Admin;

/// <summary>
/// The admin endpoint's requests: GET /health, GET /stats, GET /overview, the operator's page (GET /) and POST /cache/invalidate. Served by the router's one host, but only on the admin
/// address (a Kestrel endpoint of its own, never a listener's), so it stays off the DMZ side. Uptime counts from its creation.
/// </summary>
/// <param name="statistics">With <paramref name="descriptors"/> (the file-descriptor reserve, also shown in /stats), the listeners' health.</param>
/// <param name="certificates">An expired certificate among them makes the router degraded.</param>
internal sealed class AdminEndpoint(
    RouterStatistics statistics,
    IHealthSource health,
    TimeProvider timeProvider,
    Compression.CompressionLinks? compression = null,
    Listening.Connections.DescriptorReserve? descriptors = null,
    Listening.BufferBudget? buffers = null,
    Tls.TlsCertificates? certificates = null,
    Forwarding.NetTcp.NetTcpDestinationClients? netTcp = null,
    Metadata.OneWayCatalog? oneWay = null,
    Hosting.RouterRuntime? runtime = null,
    Hosting.DrainSignal? drain = null,
    Caching.ResponseCache? cache = null,
    Queues.DurableQueues? queues = null,
    OverviewSource? overview = null)
{
    private const string StatusOk = "ok";
    private const string StatusDegraded = "degraded";
    private const string StatusUnhealthy = "unhealthy";
    private const string StatusDraining = "draining";

    private readonly RouterStatistics _statistics = statistics;
    private readonly IHealthSource _health = health;
    private readonly Compression.CompressionLinks? _compression = compression;
    private readonly TimeProvider _timeProvider = timeProvider;
    private readonly long _createdAt = timeProvider.GetTimestamp();
    private readonly ListenerHealth _listeners = new(statistics, timeProvider, descriptors, buffers?.Pressure);
    private readonly Tls.TlsCertificates? _certificates = certificates;
    private readonly Listening.Connections.DescriptorReserve? _descriptors = descriptors;
    private readonly Listening.BufferBudget? _buffers = buffers;
    private readonly Forwarding.NetTcp.NetTcpDestinationClients? _netTcp = netTcp;
    private readonly Metadata.OneWayCatalog? _oneWay = oneWay;
    private readonly Hosting.RouterRuntime? _runtime = runtime;
    private readonly Hosting.DrainSignal? _drain = drain;
    private readonly Caching.ResponseCache? _cache = cache;
    private readonly Queues.DurableQueues? _queues = queues;
    private readonly OverviewSource? _overview = overview;

    /// <summary>Answers one admin request.</summary>
    public Task HandleAsync(HttpContext context)
    {
        var request = context.Request;
        if (request.Path == CacheInvalidation.Path)
        {
            return CacheInvalidation.HandleAsync(context, _cache);
        }

        if (request.Path.StartsWithSegments(QueueAdministration.Path))
        {
            return QueueAdministration.HandleAsync(context, _queues, QueuesSnapshot());
        }

        if (!HttpMethods.IsGet(request.Method) && !HttpMethods.IsHead(request.Method))
        {
            context.Response.StatusCode = StatusCodes.Status405MethodNotAllowed;
            context.Response.Headers.Allow = HttpMethods.Get;
            return Task.CompletedTask;
        }

        return request.Path.Value switch
        {
            "/health" => WriteHealthAsync(context),
            "/stats" => WriteStatsAsync(context),
            "/overview" when _overview is not null => context.Response.WriteAsJsonAsync(
                _overview.Build(), AdminJsonContext.Default.OverviewReport, contentType: null, context.RequestAborted),
            var path when OperatorPage.Serves(path) => OperatorPage.WriteAsync(context),
            _ => NotFound(context),
        };
    }

    private Task WriteHealthAsync(HttpContext context)
    {
        var reasons = new List<string>();
        _certificates?.AddHealthReasons(reasons);
        _queues?.AddHealthReasons(QueuesSnapshot(), reasons);
        var worst = (HealthStatus)Math.Max((int)_health.GetStatus(), (int)_listeners.GetStatus(reasons));
        if (reasons.Count > 0 && worst == HealthStatus.Ok)
        {
            worst = HealthStatus.Degraded;
        }

        if (_drain?.Since is { } since)
        {
            worst = HealthStatus.Draining;
            reasons.Add(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"stopping: draining since {since:HH:mm:ss}Z, listeners close after shutdown.drainDelay"));
        }

        var status = worst switch
        {
            HealthStatus.Ok => StatusOk,
            HealthStatus.Degraded => StatusDegraded,
            HealthStatus.Draining => StatusDraining,
            _ => StatusUnhealthy,
        };
        var uptime = _timeProvider.GetElapsedTime(_createdAt).TotalSeconds;

        // A degraded router still routes what it can, so it answers 200; the body says which. One whose listener cannot
        // accept, or that is draining, answers 503, so a load balancer's health check takes it out.
        if (worst >= HealthStatus.Unhealthy)
        {
            context.Response.StatusCode = StatusCodes.Status503ServiceUnavailable;
        }

        var report = new HealthReport(status, _health.ConfigVersion, Math.Round(uptime, 3), _health.GetDestinations(), reasons.Count == 0 ? null : reasons);
        return context.Response.WriteAsJsonAsync(report, AdminJsonContext.Default.HealthReport, contentType: null, context.RequestAborted);
    }

    private Task WriteStatsAsync(HttpContext context) =>
        context.Response.WriteAsJsonAsync(
            _statistics.Snapshot() with { Health = _health.GetDestinations(), Compression = _compression?.Snapshot(), FileDescriptors = _descriptors?.Snapshot(), Buffers = _buffers?.Snapshot(), NetTcpSessions = _netTcp?.Sessions(), LinkEstimates = _compression?.PeersSnapshot(), OneWayLearning = OneWayLearning(), Cache = _cache?.Snapshot(), Queues = QueuesSnapshot() },
            TelemetryJsonContext.Default.StatisticsSnapshot,
            contentType: null,
            context.RequestAborted);

    private Queues.QueuesSnapshot? QueuesSnapshot() =>
        _queues?.Snapshot(_runtime is null ? [] : Queues.QueueDeliverer.ConfiguredQueues(_runtime.State.Config));

    private IReadOnlyDictionary<string, Metadata.RouteOneWaySnapshot>? OneWayLearning() =>
        _oneWay is not null && _runtime is not null ? _oneWay.Snapshot(_runtime.State) : null;

    private static Task NotFound(HttpContext context)
    {
        context.Response.StatusCode = StatusCodes.Status404NotFound;
        return Task.CompletedTask;
    }
}
