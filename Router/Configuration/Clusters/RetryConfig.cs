namespace SoapRouter.Configuration;

/// <summary>
/// How far one message may fail over inside its cluster, and how many retries the cluster as a whole may make (a
/// budget over the last 10 s, as Finagle's and gRPC's retry throttling: retries can never multiply an outage).
/// </summary>
public sealed record RetryConfig
{
    /// <summary>Attempts per message, the first included (another primary, then backups). Default 3.</summary>
    public int MaxAttempts { get; init; } = 3;

    /// <summary>
    /// Retries after a failure that may have reached a backend (timeouts, resets, 5xx without a fault: idempotent
    /// actions only) in the last 10 s, as a share of the cluster's requests in those 10 s. Default 20 (%). A retry after
    /// a refused or timed-out connect (the backend never saw the request) is bounded by <see cref="MaxAttempts"/> only.
    /// </summary>
    public int BudgetPercent { get; init; } = 20;

    /// <summary>Retries per second always allowed whatever the share says, so a quiet cluster can still retry. Default 10.</summary>
    public int MinRetriesPerSecond { get; init; } = 10;
}
