using SoapRouter.Forwarding.NetTcp;
using SoapRouter.LoadBalancing;

namespace SoapRouter.Listening.NetTcp;

/// <summary>What a client session is bound to by its first message: the route, the cluster, the destination and the backend session of its own.</summary>
internal sealed record SessionAffinity(Routing.Route Route, ClusterState Cluster, DestinationState Destination, NetTcpSessionChannel Channel);
