namespace SoapRouter.Forwarding.NetTcp;

/// <summary>The sessions open to one net.tcp destination: pooled (multiplexed routes) and with affinity (one client session's own each).</summary>
/// <param name="Pooled">Pooled sessions open.</param>
/// <param name="Affinity">Sessions with affinity open.</param>
internal readonly record struct NetTcpSessionCounts(int Pooled, int Affinity);
