using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// What a client session is bound to by its first message: the route, the cluster, the destination and the backend session
/// of its own: WCF's channel (<see cref="NetTcpSessionChannel"/>) or the router's own framing session (<see cref="NetTcpFramedSession"/>).
/// </summary>
internal sealed record BoundSession(Routing.Route Route, ClusterState Cluster, DestinationState Destination, IBackendSession Channel);
