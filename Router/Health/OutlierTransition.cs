namespace SoapRouter.Health;

/// <summary>What judging an attempt changed about its destination, for the one log line each transition gets.</summary>
internal enum OutlierTransition
{
    /// <summary>Nothing changed.</summary>
    None,

    /// <summary>The destination was ejected (again, after a failed trial).</summary>
    Ejected,

    /// <summary>Its trial answered well: the destination is in again.</summary>
    Readmitted,
}
