using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Listening;
using SoapRouter.Listening.Connections;
using SoapRouter.Listening.NetTcp;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Hosting;

/// <summary>
/// The running router: one ASP.NET Core host whose Kestrel serves every HTTP listener and, on its own address, the
/// admin endpoint; the router's parts come from dependency injection (<see cref="RouterServices"/>). Requests are told
/// apart by the endpoint they arrived on, so admin paths never answer on a listener's port and SOAP never on the
/// admin's; netTcp listeners are Kestrel endpoints whose connections run net.tcp framing sessions.
/// </summary>
internal sealed class RouterHost : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly IPEndPoint _adminEndPoint;
    private readonly RouterConfig _started;
    private readonly HttpSoapHandler _soap;
    private readonly AdminEndpoint _admin;
    private readonly PipelineStateCache _states;
    private readonly NetTcpDestinationClients _netTcp;
    private readonly Forwarder _forwarder;
    private readonly ILogger _logger;
    private readonly TimeProvider _timeProvider;
    private readonly Tls.TlsCertificates _certificates;
    private readonly Tls.ListenerTls? _adminTls;
    private readonly DrainSignal _drain;
    private ListenOptions? _adminListen;
    private int _adminPort;
    private ListenAddressInUseException? _addressInUse;

    /// <summary>
    /// Builds the router's host from the provider's current config. Throws <see cref="ArgumentException"/> for a
    /// listener or admin address this build cannot serve (https, a host name instead of an address).
    /// <paramref name="probesTcp"/> false: listeners time request arrivals instead of reading TCP_INFO (tests of that path).
    /// </summary>
    public RouterHost(
        RouterConfigProvider provider, ILoggerFactory loggerFactory, TimeProvider timeProvider, Random? random = null, TimeSpan? busyWait = null, bool probesTcp = true)
    {
        _timeProvider = timeProvider;
        var config = provider.Current;
        Listeners = new ListenerSet(ListenerPlan.Build(config.Listeners), config);
        Listeners.ProbesTcp &= probesTcp;
        _started = config;
        _adminEndPoint = AdminEndpointAddress.TryParse(config.Admin.Address, out var endPoint, out var error)
            ? endPoint
            : throw new ArgumentException("admin address " + error);
        _adminPort = _adminEndPoint.Port;

        // Certificates are loaded now, so one that cannot be used is a start-up error (exit 2), not a failure of the
        // first handshake; the statistics exist before the host for the same reason (the handshakes count into them).
        var statistics = new RouterStatistics();
        _certificates = new Tls.TlsCertificates(timeProvider, loggerFactory.CreateLogger<Tls.TlsCertificates>()) { DefaultExpiryWarning = config.Tls.ExpiryWarning };
        Listeners.PrepareTls(_certificates, statistics, loggerFactory, timeProvider);
        if (config.Admin.Tls is { } adminTls)
        {
            _adminTls = Tls.ListenerTls.Create(
                "admin", adminTls, _certificates, statistics, new Tls.TlsHandshakeFailureLog("admin", loggerFactory.CreateLogger<Tls.ListenerTls>(), timeProvider));
        }

        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            ApplicationName = typeof(RouterHost).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton(loggerFactory);
        builder.Services.AddSingleton<IHostLifetime, EmbeddedHostLifetime>();

        // The drain is bounded by the config in use when the stop comes (StopAsync), not by the host's fixed timeout.
        builder.Services.Configure<HostOptions>(options => options.ShutdownTimeout = Timeout.InfiniteTimeSpan);
        builder.Services.AddSoapRouter(provider, Listeners, timeProvider, random, busyWait, statistics, _certificates);
        builder.WebHost.UseSockets(sockets =>
        {
            // With inline socket completions, Kestrel processes requests on the event thread too (no hop to its I/O
            // queues); IoScheduling says which steps leave it.
            sockets.UnsafePreferInlineScheduling = IoScheduling.Inline;
            sockets.CreateBoundListenSocket = CreateListenSocket;
            // What the transport reads from a socket before anyone reads it on (its default is 1 MiB): on a TLS listener
            // the handshake layer reads only what the request asks for, so the encrypted bytes of a message that waits
            // for a slot or for memory would pile up here, outside the budget (20 waiting 1 MB messages held 20 MB).
            sockets.MaxReadBufferSize = KestrelLimits.ReadAheadBytes;
        });
        // The only transport: the sockets one, wrapped so an endpoint's accept loop survives a failed accept.
        builder.Services.RemoveAll<IConnectionListenerFactory>();
        builder.Services.AddSingleton<IConnectionListenerFactory>(sp => new AcceptRetryingListenerFactory(
            ActivatorUtilities.CreateInstance<SocketTransportFactory>(sp), sp.GetRequiredService<ListenerConnections>(), sp.GetRequiredService<DescriptorReserve>(), timeProvider,
            sp.GetRequiredService<MemoryPressure>()));
        builder.WebHost.ConfigureKestrel(options => Configure(options, config));
        _app = builder.Build();

        // Admin answers (a metrics scrape, the statistics' JSON) are built on the thread pool: with inline I/O they
        // would otherwise hold up the listeners' sockets that share the event thread.
        _app.Use((context, next) => IoScheduling.Inline && IsAdminRequest(context) ? OffEventThreadAsync(context, next) : next(context));

        // admin.authToken guards /stats and /metrics (the Prometheus endpoint below included); /health stays open.
        _app.Use((context, next) => IsAdminRequest(context) && !AdminAuthorization.Allows(context, CurrentAdmin())
            ? AdminAuthorization.RefuseAsync(context)
            : next(context));

        // Prometheus' text exposition, on the admin address only (never on a listener's port).
        _app.UseOpenTelemetryPrometheusScrapingEndpoint(
            meterProvider: null,
            predicate: context => IsAdminRequest(context) && context.Request.Path == "/metrics",
            path: null,
            configureBranchedPipeline: null,
            optionsName: null);
        _app.Run(DispatchAsync);

        var services = _app.Services;
        _logger = loggerFactory.CreateLogger<RouterHost>();
        Runtime = services.GetRequiredService<RouterRuntime>();
        Statistics = services.GetRequiredService<RouterStatistics>();
        Metrics = services.GetRequiredService<RouterMetrics>();
        Compression = services.GetRequiredService<Compression.CompressionLinks>();
        Clients = services.GetRequiredService<HttpDestinationClients>();
        OneWay = services.GetRequiredService<Metadata.OneWayCatalog>();
        _soap = services.GetRequiredService<HttpSoapHandler>();
        _admin = services.GetRequiredService<AdminEndpoint>();
        _states = services.GetRequiredService<PipelineStateCache>();
        _netTcp = services.GetRequiredService<NetTcpDestinationClients>();
        _forwarder = services.GetRequiredService<Forwarder>();
        _drain = services.GetRequiredService<DrainSignal>();
        Cache = services.GetRequiredService<Caching.ResponseCache>();
        Cache.OnReload(Runtime.State.Config, Runtime.State.Snapshot.Version);
        Runtime.StateChanged += OnStateChanged;
    }

    /// <summary>The response cache.</summary>
    internal Caching.ResponseCache Cache { get; }

    /// <summary>The current config-derived state.</summary>
    public RouterRuntime Runtime { get; }

    /// <summary>Counters served by GET /stats.</summary>
    public RouterStatistics Statistics { get; }

    /// <summary>The router's Meter and its instruments (the same counters, published).</summary>
    internal RouterMetrics Metrics { get; }

    /// <summary>The compression links of the listeners and destinations.</summary>
    public Compression.CompressionLinks Compression { get; }

    /// <summary>The HTTP SOAP listeners.</summary>
    public ListenerSet Listeners { get; }

    /// <summary>The admin endpoint's bound address (the real port when the config asked for port 0); null until started.</summary>
    public Uri? AdminAddress { get; private set; }

    /// <summary>The connection pools to the destinations.</summary>
    internal HttpDestinationClients Clients { get; }

    /// <summary>The one-way actions of each route, listed or learned from its cluster's WSDL.</summary>
    internal Metadata.OneWayCatalog OneWay { get; }

    /// <summary>
    /// Binds every endpoint and returns once they listen. An address another process holds throws
    /// <see cref="ListenAddressInUseException"/> (its message names the address and the endpoint); another failure to
    /// bind throws <see cref="IOException"/>.
    /// </summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        var limits = Runtime.State.Config.Limits;
        var needed = OpenFileLimit.Needed(limits, Listeners.HttpEndpointCount, Listeners.HasNetTcp);
        OpenFileLimit.Check(new LinuxOpenFileLimits(), needed, _logger);
        try
        {
            await _app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (IOException ex)
        {
            // The detail (Kestrel's wrapping, the stack) for the debug log; the operator gets the exception's one line.
            HostingLog.StartFailed(_logger, ex);
            if (_addressInUse is { } inUse)
            {
                throw inUse;
            }

            throw;
        }

        if (_adminEndPoint.Port == 0 && _adminListen?.EndPoint is IPEndPoint actual)
        {
            _adminPort = actual.Port;
        }

        AdminAddress = new UriBuilder(_adminTls is null ? Uri.UriSchemeHttp : Uri.UriSchemeHttps, _adminEndPoint.Address.ToString(), _adminPort).Uri;
        AdminLog.Listening(_logger, AdminAddress);
        Listeners.RecordBound(_logger);

        var state = Runtime.State;
        HostingLog.Started(_logger, state.Snapshot.Version, state.Routes.Routes.Count, state.Clusters.Count, AdminAddress);
        foreach (var warning in state.Snapshot.Warnings)
        {
            HostingLog.ConfigWarning(_logger, warning);
        }

        foreach (var listener in Listeners.NotStarted)
        {
            HostingLog.ListenerNotStarted(_logger, listener.Name, listener.Binding, listener.Address);
        }

        Prepare(state);

        // At start, then daily: certificates about to expire (or expired) are warned about.
        _certificates.CheckExpiry();
    }

    /// <summary>
    /// Drains and stops. First, for the current config's <c>shutdown.drainDelay</c>, the router goes on serving while
    /// /health answers 503 "draining" and every HTTP answer carries <c>Connection: close</c>, so a load balancer stops
    /// sending and keep-alive clients leave after their next answer. Then the listen sockets close (new connections are
    /// refused), messages in flight on HTTP and net.tcp connections are answered, each connection closes once it is
    /// idle, and whatever is still open when <c>shutdown.drainTimeout</c> ends (or <paramref name="cancellationToken"/>
    /// fires, which also cuts the delay short) is aborted.
    /// </summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        var shutdown = Runtime.State.Config.Shutdown;
        _drain.Begin(_timeProvider.GetUtcNow());
        if (shutdown.DrainDelay > TimeSpan.Zero)
        {
            HostingLog.DrainDelay(_logger, shutdown.DrainDelay);
            try
            {
                await Task.Delay(shutdown.DrainDelay, _timeProvider, cancellationToken).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                // A second stop signal: on to closing at once.
            }
        }

        var drainTimeout = shutdown.DrainTimeout;
        using var drain = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        drain.CancelAfter(drainTimeout);
        var started = _timeProvider.GetTimestamp();
        HostingLog.Draining(_logger, drainTimeout);
        try
        {
            await _app.StopAsync(drain.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (drain.IsCancellationRequested)
        {
            // The host gave up waiting; Kestrel has aborted what was left.
        }

        var elapsedMs = _timeProvider.GetElapsedTime(started).TotalMilliseconds;
        if (drain.IsCancellationRequested)
        {
            HostingLog.DrainCutShort(_logger, elapsedMs, drainTimeout);
        }
        else
        {
            HostingLog.Drained(_logger, elapsedMs);
        }
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        Runtime.StateChanged -= OnStateChanged;
        await _app.DisposeAsync().ConfigureAwait(false);
        _certificates.Dispose();
    }

    private Socket CreateListenSocket(EndPoint endPoint)
    {
        Socket socket;
        try
        {
            socket = SocketTransportOptions.CreateDefaultBoundListenSocket(endPoint);
        }
        catch (SocketException ex) when (ex.SocketErrorCode == SocketError.AddressAlreadyInUse && endPoint is IPEndPoint address)
        {
            // Kestrel wraps this twice and the host logs it with its stack; StartAsync rethrows this one instead.
            var endpoint = address.Port == _adminPort && IsAdminAddress(address.Address) ? "admin endpoint" : Listeners.NameOf(address) ?? "endpoint";
            _addressInUse ??= new ListenAddressInUseException(address, endpoint, ex);
            throw;
        }

        // Stock WCF net.tcp clients use 8 KB socket buffers: segments larger than that (loopback's 64 KB) stall them.
        if (Listeners.IsNetTcp(endPoint))
        {
            NetTcpListenSocket.LimitSegmentSize(socket);
        }

        return socket;
    }

    private void Configure(KestrelServerOptions options, RouterConfig config)
    {
        options.AddServerHeader = false;
        KestrelLimits.Apply(options.Limits, config.Limits);

        // Kestrel reads its options while the app is built: services come from the options' own provider. net.tcp
        // connections are served by a DI-made runner, resolved when the first one arrives (after Build).
        var connections = options.ApplicationServices.GetRequiredService<ListenerConnections>();
        Listeners.Configure(
            options, connections, (connection, endpoint) => _app.Services.GetRequiredService<NetTcpConnections>().RunAsync(connection, endpoint), _timeProvider);
        options.Listen(_adminEndPoint, listen =>
        {
            _adminListen = listen;
            if (_adminTls is not null)
            {
                listen.Use(TlsTermination.Middleware(_adminTls));
            }
        });
    }

    private Task DispatchAsync(HttpContext context)
    {
        var connection = context.Connection;
        if (IsAdminRequest(context))
        {
            return _admin.HandleAsync(context);
        }

        if (Listeners.Find(connection, context.Request.Path.Value.AsSpan()) is { } listener)
        {
            if (_drain.IsDraining)
            {
                // Kestrel closes the connection after this answer: the client opens its next one elsewhere, with no
                // idle connection left for the router to close under a request.
                context.Response.Headers.Connection = "close";
            }

            return _soap.HandleAsync(context, listener);
        }

        return ListenerResponses.WriteNotFoundAsync(context);
    }

    private static async Task OffEventThreadAsync(HttpContext context, RequestDelegate next)
    {
        await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
        await next(context).ConfigureAwait(false);
    }

    private Configuration.AdminConfig CurrentAdmin() => Runtime.State.Config.Admin;

    private bool IsAdminRequest(HttpContext context) =>
        context.Connection.LocalPort == _adminPort && IsAdminAddress(context.Connection.LocalIpAddress);

    private bool IsAdminAddress(IPAddress? local)
    {
        var admin = _adminEndPoint.Address;
        if (local is null || admin.Equals(IPAddress.Any) || admin.Equals(IPAddress.IPv6Any))
        {
            return true;
        }

        return admin.Equals(local.IsIPv4MappedToIPv6 ? local.MapToIPv4() : local);
    }

    private void OnStateChanged(object? sender, RouterState state)
    {
        _certificates.DefaultExpiryWarning = state.Config.Tls.ExpiryWarning;

        // Pools of destinations the new config dropped close once messages still using them are done.
        Clients.Retain(state.Clusters);
        _netTcp.Retain(state.Clusters);

        // Routes and destinations the new config dropped leave /stats, the metrics and the failure log.
        var names = ConfiguredNames.Of(state);
        Statistics.Retain(names.Routes, names.Destinations);
        _forwarder.Retain(names.Destinations);
        Listeners.CheckReload(state, _soap.Gate.Limit, _logger);
        Cache.OnReload(state.Config, state.Snapshot.Version);

        // The admin endpoint is bound once; say so rather than silently ignoring an edit of its address.
        if (RestartKeys.Changed(_started, state.Config, RestartGroup.AdminAddress).Count > 0)
        {
            HostingLog.AdminAddressNeedsRestart(_logger, state.Snapshot.Version, state.Config.Admin.Address, AdminAddress);
        }

        if (RestartKeys.Changed(_started, state.Config, RestartGroup.Queues).Count > 0)
        {
            HostingLog.QueuesNeedRestart(_logger, state.Snapshot.Version);
        }

        if (TelemetryRestartSettings(_started.Telemetry, state.Config.Telemetry) is { } settings)
        {
            HostingLog.TelemetryNeedsRestart(_logger, state.Snapshot.Version, settings);
        }

        Prepare(state);
    }

    /// <summary>
    /// The telemetry keys read at start that <paramref name="current"/> changes (the exporters, the sampler, the log
    /// format), named for the warning; null when none. Tracing on/off and the SOAP header follow reloads.
    /// </summary>
    internal static string? TelemetryRestartSettings(Configuration.TelemetryConfig started, Configuration.TelemetryConfig current)
    {
        var changed = RestartKeys.Changed(new RouterConfig { Telemetry = started }, new RouterConfig { Telemetry = current }, RestartGroup.Telemetry);
        return changed.Count == 0 ? null : string.Join(", ", changed);
    }

    /// <summary>Builds the pipeline's state of a config once, at load, rather than on its first message.</summary>
    private void Prepare(RouterState state) => _states.Get(state);
}
