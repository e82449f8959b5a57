namespace SoapRouter.Admin;

/// <summary>The router's overall health as GET /health reports it.</summary>
internal enum HealthStatus
{
    /// <summary>Every cluster has a destination that answers and every listener accepts.</summary>
    Ok = 0,

    /// <summary>The router runs, but some cluster has no destination that answered recently, or a listener is full.</summary>
    Degraded = 1,

    /// <summary>A listener cannot accept connections (its accept loop keeps failing): clients cannot reach the router.</summary>
    Unhealthy = 2,

    /// <summary>A stop signal came: the router still serves for shutdown.drainDelay, then closes its listeners.</summary>
    Draining = 3,
}
