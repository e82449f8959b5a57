using HdrHistogram;
using LoadClient.Latency;
using SoapRouter.Wire.Compression;

namespace LoadClient.Driving;

/// <summary>What one worker measured; only its own worker writes it, so it needs no locks until merged.</summary>
internal sealed class WorkerStats
{
    /// <summary>Latency of every counted request, in microseconds; fixed memory whatever the count.</summary>
    public LongHistogram Latency { get; } = LatencyHistograms.Create();

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

    /// <summary>--compression: requests whose body went compressed.</summary>
    public long RequestsCompressed { get; private set; }

    /// <summary>--compression: request body bytes before compression, of the requests counted in <see cref="BytesSent"/>.</summary>
    public long BytesSentBeforeCompression { get; private set; }

    /// <summary>--compression: replies by the codec they came in (indexed by <see cref="CodecId"/>; None is plain).</summary>
    public long[] RepliesByCodec { get; } = new long[Enum.GetValues<CodecId>().Length];

    /// <summary>--compression: reply bytes once decoded (plain replies at their wire length).</summary>
    public long ReplyBytesDecoded { get; private set; }

    /// <summary>Requests counted.</summary>
    public long Requests { get; private set; }

    /// <summary>With --rate: counted requests that started after their scheduled time because every slot was busy.</summary>
    public long LateStarts { get; private set; }

    /// <summary>Counts one finished request of <paramref name="latencyMicroseconds"/>; requests cancelled by a stop are not counted.</summary>
    public void Record(SendResult result, long latencyMicroseconds, bool late = false)
    {
        if (result.Outcome == RequestOutcome.Canceled)
        {
            return;
        }

        Requests++;
        Latency.RecordValue(latencyMicroseconds);
        Outcomes[(int)result.Outcome]++;
        if (late)
        {
            LateStarts++;
        }

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
        if (result.Compression is { } compression)
        {
            RecordCompression(result, compression);
        }
    }

    private void RecordCompression(SendResult result, CompressionCounts compression)
    {
        // As BytesSent: only requests that got a reply (their sent length is set once the reply's headers came).
        if (result.StatusCode != 0)
        {
            BytesSentBeforeCompression += compression.RequestPlainBytes;
            if (compression.RequestCompressed)
            {
                RequestsCompressed++;
            }

            RepliesByCodec[(int)compression.ReplyCodec]++;
        }

        ReplyBytesDecoded += compression.ReplyDecodedBytes;
    }

    /// <summary>Adds <paramref name="other"/>'s counts to these.</summary>
    public void Add(WorkerStats other)
    {
        ArgumentNullException.ThrowIfNull(other);
        Requests += other.Requests;
        LateStarts += other.LateStarts;
        Latency.Add(other.Latency);
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
        RequestsCompressed += other.RequestsCompressed;
        BytesSentBeforeCompression += other.BytesSentBeforeCompression;
        ReplyBytesDecoded += other.ReplyBytesDecoded;
        for (var i = 0; i < RepliesByCodec.Length; i++)
        {
            RepliesByCodec[i] += other.RepliesByCodec[i];
        }
    }
}
