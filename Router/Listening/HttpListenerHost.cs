using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// The SOAP listeners over HTTP: one Kestrel app binding every http listener of the config the router started with.
/// Listeners sharing a host and port share one endpoint and are told apart by path. Addresses are bound once; routes
/// and clusters follow reloads through the <see cref="SoapRequestHandler"/>, and a reload that changes the listeners is
/// reported as needing a restart.
/// </summary>
internal sealed class HttpListenerHost : IAsyncDisposable
{
    private readonly HttpListenerPlan _plan;
    private readonly ListenerEndpoint[] _endpoints;
    private readonly IReadOnlyList<ListenerConfig> _startListeners;
    private readonly long _maxRequestBodySize;
    private readonly SoapRequestHandler _handler;
    private readonly ILogger _logger;
    private WebApplication? _app;

    /// <summary>Prepares to serve <paramref name="plan"/>, made from <paramref name="config"/>, with <paramref name="handler"/>.</summary>
    public HttpListenerHost(HttpListenerPlan plan, RouterConfig config, SoapRequestHandler handler, ILogger<HttpListenerHost> logger)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(config);
        ArgumentNullException.ThrowIfNull(handler);
        ArgumentNullException.ThrowIfNull(logger);
        _plan = plan;
        _endpoints = [.. _plan.Endpoints];
        _startListeners = config.Listeners;
        _maxRequestBodySize = config.Limits.MaxMessageSize;
        _handler = handler;
        _logger = logger;
    }

    /// <summary>
    /// Composes the listeners of <paramref name="runtime"/>'s current config over the shared forwarding parts. Throws
    /// <see cref="ArgumentException"/> for listeners this build refuses (https, host names), so the router stops at start.
    /// </summary>
    public static HttpListenerHost Create(
        RouterRuntime runtime,
        RouterStatistics statistics,
        HttpDestinationClients clients,
        Forwarder forwarder,
        IVerbatimRequestEditor editor,
        TimeProvider timeProvider,
        ILoggerFactory loggerFactory,
        TimeSpan? busyWait = null)
    {
        ArgumentNullException.ThrowIfNull(runtime);
        ArgumentNullException.ThrowIfNull(loggerFactory);
        var config = runtime.State.Config;
        var plan = HttpListenerPlan.Build(config.Listeners);
        var logger = loggerFactory.CreateLogger<HttpListenerHost>();
        var refusals = new ListenerRefusals(statistics, logger);
        var dispatch = new DispatchStateCache(clients, statistics, plan.Bindings, loggerFactory.CreateLogger<HttpVerbatimTransport>(), logger);
        var pipeline = new VerbatimPipeline(forwarder, editor, statistics, refusals, timeProvider, logger);
        var gate = new ConcurrencyGate(config.Limits.MaxConcurrentRequests, busyWait ?? ConcurrencyGate.DefaultBusyWait);
        var handler = new SoapRequestHandler(runtime, dispatch, pipeline, gate, refusals, statistics, logger);
        return new HttpListenerHost(plan, config, handler, logger);
    }

    /// <summary>Listeners of the start config that are not served (netTcp).</summary>
    public IReadOnlyList<ListenerConfig> NotStarted => _plan.NotStarted;

    /// <summary>The bindings of the served listeners.</summary>
    public IReadOnlyCollection<HttpListenerBinding> Bindings => _plan.Bindings;

    /// <summary>The address each served listener is reachable at, by listener name, with the real port; empty until started.</summary>
    public IReadOnlyDictionary<string, Uri> BoundAddresses { get; private set; } = new Dictionary<string, Uri>();

    /// <summary>Binds every endpoint; returns once they listen. A port in use throws <see cref="IOException"/>.</summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        if (_app is not null)
        {
            throw new InvalidOperationException("The listeners are already started.");
        }

        if (_endpoints.Length == 0)
        {
            return;
        }

        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            ApplicationName = typeof(HttpListenerHost).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<IHostLifetime, EmbeddedHostLifetime>();
        var bound = new ListenOptions?[_endpoints.Length];
        builder.WebHost.ConfigureKestrel(options => Configure(options, bound));

        var app = builder.Build();
        app.Run(DispatchAsync);
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        _app = app;
        BoundAddresses = RecordBoundPorts(bound);
    }

    /// <summary>Stops accepting requests and lets those in progress finish within <paramref name="cancellationToken"/>.</summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        var app = _app;
        if (app is null)
        {
            return;
        }

        _app = null;
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
    public async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        _handler.Gate.Dispose();
    }

    /// <summary>Reports what a reloaded config changes that only a restart applies: the listeners and the concurrency limit.</summary>
    public void CheckReload(RouterState state)
    {
        ArgumentNullException.ThrowIfNull(state);
        if (!SameListeners(_startListeners, state.Config.Listeners))
        {
            ListenerLog.ListenersNeedRestart(_logger, state.Snapshot.Version);
        }

        var configured = state.Config.Limits.MaxConcurrentRequests;
        if (configured != _handler.Gate.Limit)
        {
            ListenerLog.ConcurrencyNeedsRestart(_logger, state.Snapshot.Version, configured, _handler.Gate.Limit);
        }
    }

    private void Configure(KestrelServerOptions options, ListenOptions?[] bound)
    {
        options.AddServerHeader = false;
        options.Limits.MaxRequestBodySize = _maxRequestBodySize;
        for (var i = 0; i < _endpoints.Length; i++)
        {
            var endpoint = _endpoints[i];
            var index = i;
            if (endpoint.Address is null)
            {
                options.ListenLocalhost(endpoint.Port, listen => bound[index] = listen);
            }
            else
            {
                options.Listen(endpoint.Address, endpoint.Port, listen => bound[index] = listen);
            }
        }
    }

    private Dictionary<string, Uri> RecordBoundPorts(ListenOptions?[] bound)
    {
        var addresses = new Dictionary<string, Uri>(StringComparer.Ordinal);
        for (var i = 0; i < _endpoints.Length; i++)
        {
            var endpoint = _endpoints[i];

            // Kestrel writes the port it got back into the endpoint's options when the config asked for port 0.
            if (endpoint.Port == 0 && bound[i]?.EndPoint is IPEndPoint actual)
            {
                endpoint.BoundPort = actual.Port;
            }

            foreach (var listener in endpoint.Listeners)
            {
                var address = new UriBuilder(listener.Address) { Port = endpoint.BoundPort }.Uri;
                addresses.Add(listener.Name, address);
                ListenerLog.Listening(_logger, listener.Name, listener.Binding.Name, address);
            }
        }

        return addresses;
    }

    private Task DispatchAsync(HttpContext context)
    {
        var connection = context.Connection;
        var path = context.Request.Path.Value.AsSpan();
        foreach (var endpoint in _endpoints)
        {
            if (endpoint.Accepted(connection.LocalIpAddress, connection.LocalPort) && endpoint.Find(path) is { } listener)
            {
                return _handler.HandleAsync(context, listener);
            }
        }

        return ListenerResponses.WriteNotFoundAsync(context);
    }

    private static bool SameListeners(IReadOnlyList<ListenerConfig> started, IReadOnlyList<ListenerConfig> configured)
    {
        if (started.Count != configured.Count)
        {
            return false;
        }

        for (var i = 0; i < started.Count; i++)
        {
            if (started[i] != configured[i])
            {
                return false;
            }
        }

        return true;
    }
}
