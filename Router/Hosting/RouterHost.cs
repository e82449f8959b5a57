using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Listening;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Hosting;

/// <summary>
/// The running router: the config-driven state, the statistics, the admin endpoint and the HTTP SOAP listeners with
/// the verbatim forwarding path behind them. netTcp listeners are not hosted (net.tcp framing is not in this build);
/// start says so for each configured one.
/// </summary>
internal sealed class RouterHost : IAsyncDisposable
{
    // Added to the longest attempt (connect + request) so a retired connection pool outlives every message still using it.
    private static readonly TimeSpan DrainMargin = TimeSpan.FromSeconds(30);

    private readonly ILogger _logger;
    private readonly string _startAdminAddress;

    /// <summary>
    /// Builds the router's parts from the provider's current config. Throws <see cref="ArgumentException"/> for a
    /// listener this build cannot serve (https, a host name instead of an address).
    /// </summary>
    public RouterHost(RouterConfigProvider provider, ILoggerFactory loggerFactory, TimeProvider timeProvider, Random? random = null)
    {
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(loggerFactory);
        ArgumentNullException.ThrowIfNull(timeProvider);
        _logger = loggerFactory.CreateLogger<RouterHost>();
        Runtime = new RouterRuntime(provider, LoadBalancingPolicies.CreateDefault(random), loggerFactory.CreateLogger<RouterRuntime>());
        Statistics = new RouterStatistics();
        var config = Runtime.State.Config;
        Clients = new HttpDestinationClients(timeProvider, DrainDelay(config));
        try
        {
            Listeners = HttpListenerHost.Create(
                Runtime,
                Statistics,
                Clients,
                new Forwarder(loggerFactory.CreateLogger<Forwarder>(), timeProvider),
                ToAddressEditor.Instance,
                timeProvider,
                loggerFactory);
        }
        catch
        {
            Clients.Dispose();
            Runtime.Dispose();
            throw;
        }

        _startAdminAddress = provider.Current.Admin.Address;
        Admin = new AdminServer(provider.Current.Admin, Statistics, Runtime, timeProvider, loggerFactory.CreateLogger<AdminServer>());
        Runtime.StateChanged += OnStateChanged;
    }

    /// <summary>The current config-derived state.</summary>
    public RouterRuntime Runtime { get; }

    /// <summary>Counters served by GET /stats.</summary>
    public RouterStatistics Statistics { get; }

    /// <summary>The admin endpoint.</summary>
    public AdminServer Admin { get; }

    /// <summary>The HTTP SOAP listeners.</summary>
    public HttpListenerHost Listeners { get; }

    /// <summary>The connection pools to the destinations.</summary>
    internal HttpDestinationClients Clients { get; }

    /// <summary>Starts the admin endpoint, then the listeners, and reports the listeners that are not served.</summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        await Admin.StartAsync(cancellationToken).ConfigureAwait(false);
        await Listeners.StartAsync(cancellationToken).ConfigureAwait(false);
        var state = Runtime.State;
        HostingLog.Started(_logger, state.Snapshot.Version, state.Routes.Routes.Count, state.Clusters.Count, Admin.BoundAddress);
        foreach (var warning in state.Snapshot.Warnings)
        {
            HostingLog.ConfigWarning(_logger, warning);
        }

        foreach (var listener in Listeners.NotStarted)
        {
            HostingLog.ListenerNotStarted(_logger, listener.Name, listener.Binding, listener.Address);
        }
    }

    /// <summary>Stops the listeners (letting messages in flight finish within <paramref name="cancellationToken"/>), then the admin endpoint.</summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        await Listeners.StopAsync(cancellationToken).ConfigureAwait(false);
        await Admin.StopAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        Runtime.StateChanged -= OnStateChanged;
        await Listeners.DisposeAsync().ConfigureAwait(false);
        await Admin.DisposeAsync().ConfigureAwait(false);
        Clients.Dispose();
        Runtime.Dispose();
    }

    private void OnStateChanged(object? sender, RouterState state)
    {
        // Pools of destinations the new config dropped close once messages still using them are done.
        Clients.Retain(state.Clusters);
        Listeners.CheckReload(state);

        // The admin endpoint is bound once; say so rather than silently ignoring an edit of its address.
        if (!string.Equals(state.Config.Admin.Address, _startAdminAddress, StringComparison.OrdinalIgnoreCase))
        {
            HostingLog.AdminAddressNeedsRestart(_logger, state.Snapshot.Version, state.Config.Admin.Address, Admin.BoundAddress);
        }
    }

    /// <summary>
    /// How long a retired pool stays open: the longest attempt of the start config plus a margin. Fixed at start, so a
    /// reload that raises timeouts past it can cut a message on a retired pool short (it fails over or faults).
    /// </summary>
    private static TimeSpan DrainDelay(RouterConfig config)
    {
        var longest = TimeSpan.Zero;
        foreach (var cluster in config.Clusters.Values)
        {
            var attempt = cluster.ConnectTimeout + cluster.RequestTimeout;
            if (attempt > longest)
            {
                longest = attempt;
            }
        }

        return longest + DrainMargin;
    }
}
