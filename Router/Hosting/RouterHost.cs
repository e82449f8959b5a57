using SoapRouter.Admin;
using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Hosting;

/// <summary>
/// The running router: the config-driven state, the statistics and the admin endpoint. The SOAP listeners are
/// not hosted yet (they need CoreWCF, which the package source lacks); start says so for each configured one.
/// </summary>
internal sealed class RouterHost : IAsyncDisposable
{
    private readonly ILogger _logger;
    private readonly string _startAdminAddress;

    /// <summary>Builds the router's parts from the provider's current config.</summary>
    public RouterHost(RouterConfigProvider provider, ILoggerFactory loggerFactory, TimeProvider timeProvider, Random? random = null)
    {
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(loggerFactory);
        ArgumentNullException.ThrowIfNull(timeProvider);
        _logger = loggerFactory.CreateLogger<RouterHost>();
        Runtime = new RouterRuntime(provider, LoadBalancingPolicies.CreateDefault(random), loggerFactory.CreateLogger<RouterRuntime>());
        Statistics = new RouterStatistics();
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

    /// <summary>Starts the admin endpoint and reports the listeners of the current config.</summary>
    public async Task StartAsync(CancellationToken cancellationToken = default)
    {
        await Admin.StartAsync(cancellationToken).ConfigureAwait(false);
        var state = Runtime.State;
        HostingLog.Started(_logger, state.Snapshot.Version, state.Routes.Routes.Count, state.Clusters.Count, Admin.BoundAddress);
        foreach (var warning in state.Snapshot.Warnings)
        {
            HostingLog.ConfigWarning(_logger, warning);
        }

        foreach (var listener in state.Config.Listeners)
        {
            HostingLog.ListenerNotStarted(_logger, listener.Name, listener.Binding, listener.Address);
        }
    }

    /// <summary>Stops the admin endpoint.</summary>
    public Task StopAsync(CancellationToken cancellationToken = default) => Admin.StopAsync(cancellationToken);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        Runtime.StateChanged -= OnStateChanged;
        await Admin.DisposeAsync().ConfigureAwait(false);
        Runtime.Dispose();
    }

    private void OnStateChanged(object? sender, RouterState state)
    {
        // The admin endpoint is bound once; say so rather than silently ignoring an edit of its address.
        if (!string.Equals(state.Config.Admin.Address, _startAdminAddress, StringComparison.OrdinalIgnoreCase))
        {
            HostingLog.AdminAddressNeedsRestart(_logger, state.Snapshot.Version, state.Config.Admin.Address, Admin.BoundAddress);
        }
    }
}
