using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;

namespace LoadClient.Reporting;

/// <summary>The results of one run, as printed and as written to --json.</summary>
internal sealed record LoadReport
{
    /// <summary>Target endpoint.</summary>
    public required string Url { get; init; }

    /// <summary>basicHttp, soap12Http or binaryHttp.</summary>
    public required string Binding { get; init; }

    /// <summary>echo, getOrders or submitOrder.</summary>
    public required string Operation { get; init; }

    /// <summary>The SOAP action sent.</summary>
    public required string Action { get; init; }

    /// <summary>Payload profile.</summary>
    public required string Profile { get; init; }

    /// <summary>Requests in flight at once.</summary>
    public required int Concurrency { get; init; }

    /// <summary>Unmeasured requests sent first.</summary>
    public required int Warmup { get; init; }

    /// <summary>Length of the request body every request sends.</summary>
    public required long RequestBodyBytes { get; init; }

    /// <summary>Each request carried its own wsa:MessageID (false: the message has none).</summary>
    public required bool UniqueMessageIdPerRequest { get; init; }

    /// <summary>The run was stopped before its planned end.</summary>
    public required bool Stopped { get; init; }

    /// <summary>Measured requests, whatever their outcome.</summary>
    public required long Requests { get; init; }

    /// <summary>Requests answered with 2xx.</summary>
    public required long Ok { get; init; }

    /// <summary>Requests answered with a SOAP fault.</summary>
    public required long Faults { get; init; }

    /// <summary>Requests that failed otherwise: <see cref="HttpErrors"/> + <see cref="Timeouts"/> + <see cref="TransportErrors"/>.</summary>
    public required long Errors { get; init; }

    /// <summary>Non-2xx replies that are not SOAP faults.</summary>
    public required long HttpErrors { get; init; }

    /// <summary>Requests without a complete reply within --timeout.</summary>
    public required long Timeouts { get; init; }

    /// <summary>Requests whose connection failed.</summary>
    public required long TransportErrors { get; init; }

    /// <summary>Replies by HTTP status code.</summary>
    public required IReadOnlyDictionary<string, long> StatusCodes { get; init; }

    /// <summary>Measured phase, first request to last reply, in seconds.</summary>
    public required double WallSeconds { get; init; }

    /// <summary>Measured requests per second, failed ones included.</summary>
    public required double RequestsPerSecond { get; init; }

    /// <summary>Successful requests per second.</summary>
    public required double OkPerSecond { get; init; }

    /// <summary>Latency of every measured request, failed ones included, in milliseconds.</summary>
    public required LatencySummary LatencyMs { get; init; }

    /// <summary>Request body bytes of requests that got a reply; HTTP headers are not counted.</summary>
    public required long BytesSent { get; init; }

    /// <summary>Reply body bytes, as on the wire (nothing decompressed); HTTP headers and chunk framing are not counted.</summary>
    public required long BytesReceived { get; init; }

    /// <summary><see cref="BytesSent"/> per measured request.</summary>
    public required double BytesSentPerRequest { get; init; }

    /// <summary><see cref="BytesReceived"/> per measured request.</summary>
    public required double BytesReceivedPerRequest { get; init; }

    /// <summary>Processor time of the LoadClient process during the measured phase, in milliseconds.</summary>
    public required double ClientCpuMs { get; init; }

    /// <summary><see cref="ClientCpuMs"/> per measured request.</summary>
    public required double ClientCpuMsPerRequest { get; init; }

    /// <summary>True when every measured request succeeded (and there was at least one).</summary>
    public bool AllSucceeded => Requests > 0 && Ok == Requests;

    /// <summary>Builds the report of <paramref name="measurement"/>.</summary>
    public static LoadReport Create(LoadOptions options, SoapRequestTemplate template, LoadMeasurement measurement, long ticksPerSecond)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(template);
        ArgumentNullException.ThrowIfNull(measurement);
        var stats = measurement.Stats;
        var requests = stats.Requests;
        var seconds = measurement.WallTime.TotalSeconds;
        var outcomes = stats.Outcomes;
        var httpErrors = outcomes[(int)RequestOutcome.HttpError];
        var timeouts = outcomes[(int)RequestOutcome.Timeout];
        var transportErrors = outcomes[(int)RequestOutcome.TransportError];
        var cpuMs = measurement.CpuTime.TotalMilliseconds;
        return new LoadReport
        {
            Url = options.Url.AbsoluteUri,
            Binding = options.Binding.Name,
            Operation = Names.Of(options.Operation),
            Action = template.Action,
            Profile = options.Profile.ToString(),
            Concurrency = options.Concurrency,
            Warmup = options.Warmup,
            RequestBodyBytes = template.Body.Length,
            UniqueMessageIdPerRequest = template.MessageId is not null,
            Stopped = measurement.Stopped,
            Requests = requests,
            Ok = outcomes[(int)RequestOutcome.Ok],
            Faults = outcomes[(int)RequestOutcome.Fault],
            Errors = httpErrors + timeouts + transportErrors,
            HttpErrors = httpErrors,
            Timeouts = timeouts,
            TransportErrors = transportErrors,
            StatusCodes = stats.StatusCodes.OrderBy(p => p.Key).ToDictionary(p => p.Key.ToString(System.Globalization.CultureInfo.InvariantCulture), p => p.Value),
            WallSeconds = seconds,
            RequestsPerSecond = PerSecond(requests, seconds),
            OkPerSecond = PerSecond(outcomes[(int)RequestOutcome.Ok], seconds),
            LatencyMs = LatencySummary.From(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(stats.Latencies), ticksPerSecond),
            BytesSent = stats.BytesSent,
            BytesReceived = stats.BytesReceived,
            BytesSentPerRequest = PerRequest(stats.BytesSent, requests),
            BytesReceivedPerRequest = PerRequest(stats.BytesReceived, requests),
            ClientCpuMs = cpuMs,
            ClientCpuMsPerRequest = PerRequest(cpuMs, requests),
        };
    }

    private static double PerSecond(long count, double seconds) => seconds > 0 ? count / seconds : 0;

    private static double PerRequest(double total, long requests) => requests > 0 ? total / requests : 0;
}
