namespace LoadClient.Driving;

/// <summary>What one worker measured; only its own worker writes it, so it needs no locks until merged.</summary>
internal sealed class WorkerStats
{
    /// <summary>Creates empty statistics with room for <paramref name="expectedRequests"/> latencies.</summary>
    public WorkerStats(int expectedRequests = 0) => Latencies = new List<long>(expectedRequests);

    /// <summary>Latency of every counted request, in <see cref="System.Diagnostics.Stopwatch"/> ticks (8 bytes per request).</summary>
    public List<long> Latencies { get; }

    /// <summary>Requests by outcome (indexed by <see cref="RequestOutcome"/>).</summary>
    public long[] Outcomes { get; } = new long[Enum.GetValues<RequestOutcome>().Length];

    /// <summary>Failed requests by exception type (<see cref="SendResult.ErrorType"/>).</summary>
    public Dictionary<string, long> ErrorTypes { get; } = [];

    /// <summary>Replies by HTTP status.</summary>
    public Dictionary<int, long> StatusCodes { get; } = [];

    /// <summary>Request body bytes of requests that got a reply.</summary>
    public long BytesSent { get; private set; }

    /// <summary>Reply body bytes read.</summary>
    public long BytesReceived { get; private set; }

    /// <summary>Requests counted.</summary>
    public long Requests => Latencies.Count;

    /// <summary>Counts one finished request; requests cancelled by a stop are not counted.</summary>
    public void Record(SendResult result, long latencyTicks)
    {
        if (result.Outcome == RequestOutcome.Canceled)
        {
            return;
        }

        Latencies.Add(latencyTicks);
        Outcomes[(int)result.Outcome]++;
        if (result.StatusCode != 0)
        {
            StatusCodes[result.StatusCode] = StatusCodes.GetValueOrDefault(result.StatusCode) + 1;
        }

        if (result.ErrorType is { } errorType)
        {
            ErrorTypes[errorType] = ErrorTypes.GetValueOrDefault(errorType) + 1;
        }

        BytesSent += result.BytesSent;
        BytesReceived += result.BytesReceived;
    }

    /// <summary>Adds <paramref name="other"/>'s counts to these.</summary>
    public void Add(WorkerStats other)
    {
        ArgumentNullException.ThrowIfNull(other);
        Latencies.AddRange(other.Latencies);
        for (var i = 0; i < Outcomes.Length; i++)
        {
            Outcomes[i] += other.Outcomes[i];
        }

        foreach (var (status, count) in other.StatusCodes)
        {
            StatusCodes[status] = StatusCodes.GetValueOrDefault(status) + count;
        }

        foreach (var (errorType, count) in other.ErrorTypes)
        {
            ErrorTypes[errorType] = ErrorTypes.GetValueOrDefault(errorType) + count;
        }

        BytesSent += other.BytesSent;
        BytesReceived += other.BytesReceived;
    }
}
