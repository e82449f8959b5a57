using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// Holds the <see cref="DispatchState"/> of the newest router state and builds the next one the first time a message
/// brings a newer state. Messages still on an older state (in flight across a reload) get a state of their own, which
/// is never installed, so the newest always wins.
/// </summary>
internal sealed class DispatchStateCache
{
    private readonly HttpDestinationClients _clients;
    private readonly RouterStatistics _statistics;
    private readonly IReadOnlyCollection<HttpListenerBinding> _servedBindings;
    private readonly ILogger<HttpVerbatimTransport> _transportLogger;
    private readonly ILogger _logger;
    private readonly Lock _installGate = new();
    private DispatchState? _current;

    /// <summary>
    /// Creates an empty cache. <paramref name="servedBindings"/>: the bindings of the running listeners, the ones whose
    /// skipped destinations are worth a warning.
    /// </summary>
    public DispatchStateCache(
        HttpDestinationClients clients,
        RouterStatistics statistics,
        IReadOnlyCollection<HttpListenerBinding> servedBindings,
        ILogger<HttpVerbatimTransport> transportLogger,
        ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(clients);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(servedBindings);
        ArgumentNullException.ThrowIfNull(transportLogger);
        ArgumentNullException.ThrowIfNull(logger);
        _clients = clients;
        _statistics = statistics;
        _servedBindings = servedBindings;
        _transportLogger = transportLogger;
        _logger = logger;
    }

    /// <summary>The dispatch state of <paramref name="state"/>.</summary>
    public DispatchState Get(RouterState state)
    {
        var current = Volatile.Read(ref _current);
        return current is not null && ReferenceEquals(current.State, state) ? current : Install(state);
    }

    private DispatchState Install(RouterState state)
    {
        var built = DispatchState.Build(state, _clients, _statistics, _transportLogger);
        lock (_installGate)
        {
            var current = _current;
            if (current is not null && ReferenceEquals(current.State, state))
            {
                // Another message built it first.
                return current;
            }

            if (current is not null && state.Snapshot.Version <= current.State.Snapshot.Version)
            {
                return built;
            }

            Volatile.Write(ref _current, built);
        }

        LogSkippedDestinations(built);
        return built;
    }

    private void LogSkippedDestinations(DispatchState built)
    {
        var version = built.State.Snapshot.Version;
        foreach (var binding in _servedBindings)
        {
            foreach (var name in built.State.Clusters.Keys)
            {
                var target = built.Target(name, binding)!;
                if (target.Skipped.Count > 0)
                {
                    ListenerLog.DestinationsSkipped(_logger, version, binding.Name, name, string.Join(", ", target.Skipped));
                }
            }
        }
    }
}
