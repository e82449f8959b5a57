namespace SoapRouter.Admin;

/// <summary>The router's overall health as GET /health reports it.</summary>
internal enum HealthStatus
{
    /// <summary>Every cluster has a destination that answers.</summary>
    Ok = 0,

    /// <summary>The router runs, but at least one cluster has no destination that answered recently.</summary>
    Degraded = 1,
}
