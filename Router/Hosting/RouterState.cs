using System.Collections.Frozen;
using SoapRouter.Configuration;
using SoapRouter.LoadBalancing;
using SoapRouter.Routing;

namespace SoapRouter.Hosting;

/// <summary>
/// Everything built from one config snapshot, swapped as one reference on reload so a message that started on
/// one state never sees a route table from one config and clusters from another.
/// </summary>
internal sealed record RouterState(
    RouterConfigSnapshot Snapshot,
    RouteTable Routes,
    FrozenDictionary<string, ClusterState> Clusters)
{
    /// <summary>The config this state was built from.</summary>
    public RouterConfig Config => Snapshot.Config;
}
