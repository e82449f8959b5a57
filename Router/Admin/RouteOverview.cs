namespace SoapRouter.Admin;

/// <summary>One route as the config names it.</summary>
/// <param name="Name">Its name.</param>
/// <param name="Cluster">The cluster it sends to.</param>
/// <param name="Priority">Its priority (higher is tried first).</param>
/// <param name="Cached">Whether its replies are cached.</param>
internal sealed record RouteOverview(string Name, string Cluster, int Priority, bool Cached);
