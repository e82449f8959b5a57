namespace SoapRouter.Configuration;

/// <summary>The values of routes[].sessions: how a netTcp client's session reaches netTcp destinations.</summary>
public static class SessionModes
{
    /// <summary>The default: each client session gets a backend session of its own, for its lifetime (PerSession services, callbacks).</summary>
    public const string Affinity = "affinity";

    /// <summary>Every client's messages share the pooled sessions to a destination (limits.netTcp.sessionsPerDestination): sessionless contracts only.</summary>
    public const string Multiplex = "multiplex";
}
