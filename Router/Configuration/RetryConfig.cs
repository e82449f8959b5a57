namespace SoapRouter.Configuration;

/// <summary>
/// How far one message may fail over inside its cluster, and how many retries the cluster as a whole may have in
/// flight (a budget in the manner of Envoy's: retries can never multiply an outage).
/// </summary>
public sealed record RetryConfig
{
    /// <summary>Attempts per message, the first included (another primary, then backups). Default 3.</summary>
    public int MaxAttempts { get; init; } = 3;

    /// <summary>
    /// Retries that may have reached a backend (timeouts, 5xx without a fault: idempotent actions only) in flight at
    /// once, as a share of the cluster's requests in flight. Default 20 (%). A retry after a refused or timed-out
    /// connect (the backend never saw the request) is bounded by <see cref="MaxAttempts"/> only.
    /// </summary>
    public int BudgetPercent { get; init; } = 20;

    /// <summary>Retries always allowed in flight whatever the share says, so a quiet cluster can still retry. Default 3.</summary>
    public int MinRetryConcurrency { get; init; } = 3;
}
