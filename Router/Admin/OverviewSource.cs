using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Admin;

/// <summary>Builds GET /overview from the router state in use, the certificates and the latency counts; keeps nothing itself.</summary>
internal sealed class OverviewSource(
    RouterRuntime runtime, Telemetry.RouterStatistics statistics, LatencyRecorder latency, TimeProvider time, Tls.TlsCertificates? certificates = null)
{
    /// <summary>The overview now.</summary>
    public OverviewReport Build()
    {
        var state = runtime.State;
        var config = state.Config;
        var listeners = new List<ListenerOverview>(config.Listeners.Count);
        foreach (var listener in config.Listeners)
        {
            listeners.Add(new ListenerOverview(listener.Name, listener.Binding, listener.Address, listener.Tls is not null));
        }

        var routes = new List<RouteOverview>(config.Routes.Count);
        foreach (var route in config.Routes)
        {
            routes.Add(new RouteOverview(route.Name, route.Cluster, route.Priority, route.Cache is not null));
        }

        var clusters = new List<ClusterOverview>(state.Clusters.Count);
        foreach (var (name, cluster) in state.Clusters)
        {
            clusters.Add(Cluster(name, cluster));
        }

        clusters.Sort(static (a, b) => string.CompareOrdinal(a.Name, b.Name));
        var traffic = new SortedDictionary<string, Telemetry.TrafficSnapshot>(StringComparer.Ordinal);
        foreach (var (name, counters) in statistics.AllListeners)
        {
            traffic[name] = counters.Snapshot();
        }

        return new OverviewReport(state.Snapshot.Version, listeners, traffic, routes, clusters, Certificates(), latency.Snapshot());
    }

    private static ClusterOverview Cluster(string name, ClusterState cluster)
    {
        var destinations = new List<DestinationOverview>(cluster.Primaries.Length + cluster.Backups.Length);
        Add(cluster.Primaries, backup: false, destinations);
        Add(cluster.Backups, backup: true, destinations);
        return new ClusterOverview(name, cluster.Config.LoadBalancing, cluster.Config.HealthCheck?.Interval.TotalSeconds, destinations);
    }

    private static void Add(ReadOnlySpan<DestinationState> states, bool backup, List<DestinationOverview> destinations)
    {
        foreach (var destination in states)
        {
            var health = destination.Health;
            destinations.Add(new DestinationOverview(
                destination.Name,
                destination.Config.Address,
                destination.Config.Binding,
                backup,
                health?.State ?? "healthy",
                health?.EjectedUntil,
                destination.InFlight,
                destination.TotalRequests,
                destination.Failures,
                destination.ConsecutiveFailures,
                destination.TlsProblem));
        }
    }

    private List<CertificateOverview> Certificates()
    {
        var result = new List<CertificateOverview>();
        if (certificates is null)
        {
            return result;
        }

        var now = time.GetUtcNow();
        foreach (var certificate in certificates.All)
        {
            var current = certificate.Current;
            result.Add(new CertificateOverview(certificate.Name, current.Leaf.Subject, current.NotAfter, Math.Round((current.NotAfter - now).TotalDays, 1)));
        }

        return result;
    }
}
