namespace SoapRouter.LoadBalancing;

/// <summary>
/// Per-cluster position for policies that take turns. Policies are shared by all clusters; keeping the counter
/// here keeps round robin even within each cluster, and the cursor is carried over when a cluster is reloaded.
/// </summary>
internal sealed class LoadBalancingCursor
{
    private long _next = -1;

    /// <summary>Returns the next turn number, 0, 1, 2, ..., unique per call even across threads.</summary>
    public long Next() => Interlocked.Increment(ref _next);
}
