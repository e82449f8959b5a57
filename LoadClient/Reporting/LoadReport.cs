using LoadClient.AdminStats;
using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;
using LoadClient.Latency;
using SoapRouter.Wire.Compression;

namespace LoadClient.Reporting;

/// <summary>
/// The results of one run, as printed and as written to --json. What a mode cannot see is null rather than zero: the WCF
/// mode sees neither HTTP statuses nor bytes on the wire.
/// </summary>
internal sealed record LoadReport
{
    /// <summary>Target endpoint.</summary>
    public required string Url { get; init; }

    /// <summary>raw or wcf.</summary>
    public required string Client { get; init; }

    /// <summary>basicHttp, soap12Http, binaryHttp or netTcp.</summary>
    public required string Binding { get; init; }

    /// <summary>echo, getOrders or submitOrder.</summary>
    public required string Operation { get; init; }

    /// <summary>The SOAP action sent.</summary>
    public required string Action { get; init; }

    /// <summary>Payload profile, as Samples names it (HighlyCompressible, Compressible, Incompressible).</summary>
    public required string Profile { get; init; }

    /// <summary>The message profile: simple, medium or complex.</summary>
    public required string Message { get; init; }

    /// <summary>How the orders were serialized: dataContract or protobuf.</summary>
    public required string Serializer { get; init; }

    /// <summary>Echo sizes: fixed or seed.</summary>
    public required string SizeDistribution { get; init; }

    /// <summary>--repeat-share: share of requests carrying one of <see cref="Keys"/> fixed cache keys (the rest a key each); null without.</summary>
    public double? RepeatShare { get; init; }

    /// <summary>--keys: the fixed cache keys of a --repeat-share run; null without.</summary>
    public int? Keys { get; init; }

    /// <summary>--rate: requests per second scheduled (open model); null when sent back to back.</summary>
    public required double? TargetRate { get; init; }

    /// <summary>
    /// With --rate: measured requests that started after their scheduled time because all --concurrency slots were busy;
    /// their latency counts from the scheduled time. Null without --rate.
    /// </summary>
    public required long? LateStarts { get; init; }

    /// <summary>Requests in flight at once.</summary>
    public required int Concurrency { get; init; }

    /// <summary>Unmeasured requests sent first.</summary>
    public required int Warmup { get; init; }

    /// <summary>Length of the request body every request sends; null in the WCF mode, whose bytes are not seen, and when sizes vary.</summary>
    public required long? RequestBodyBytes { get; init; }

    /// <summary>Raw mode with --size-distribution seed: the body length of each template sizes are drawn among; else null.</summary>
    public required IReadOnlyList<int>? RequestBodyBytesBySize { get; init; }

    /// <summary>
    /// Each request carried its own wsa:MessageID (false: the message has none). The raw mode splices a fresh one into
    /// each request; in the WCF mode it is WCF's client that gives every request-reply call its own.
    /// </summary>
    public required bool UniqueMessageIdPerRequest { get; init; }

    /// <summary>The run was stopped before its planned end.</summary>
    public required bool Stopped { get; init; }

    /// <summary>Measured requests, whatever their outcome.</summary>
    public required long Requests { get; init; }

    /// <summary>Requests answered with 2xx.</summary>
    public required long Ok { get; init; }

    /// <summary>Requests answered with a SOAP fault.</summary>
    public required long Faults { get; init; }

    /// <summary>Requests that failed otherwise: the sum of the error kinds below.</summary>
    public required long Errors { get; init; }

    /// <summary>Raw mode: non-2xx replies that are not SOAP faults. Null in the WCF mode.</summary>
    public required long? HttpErrors { get; init; }

    /// <summary>Requests without a complete reply within --timeout.</summary>
    public required long Timeouts { get; init; }

    /// <summary>Raw mode: requests whose connection failed. Null in the WCF mode.</summary>
    public required long? TransportErrors { get; init; }

    /// <summary>WCF mode: calls that failed with a CommunicationException other than a fault. Null in the raw mode.</summary>
    public required long? CommunicationErrors { get; init; }

    /// <summary>Failed requests by exception type (raw mode: transport errors; WCF mode: timeouts and communication errors).</summary>
    public required IReadOnlyDictionary<string, long> ErrorTypes { get; init; }

    /// <summary>Replies by HTTP status code; null in the WCF mode.</summary>
    public required IReadOnlyDictionary<string, long>? StatusCodes { get; init; }

    /// <summary>Measured phase, first request to last reply, in seconds.</summary>
    public required double WallSeconds { get; init; }

    /// <summary>Measured requests per second, failed ones included.</summary>
    public required double RequestsPerSecond { get; init; }

    /// <summary>Successful requests per second.</summary>
    public required double OkPerSecond { get; init; }

    /// <summary>Latency of every measured request, failed ones included, in milliseconds (HdrHistogram, within 0.1%).</summary>
    public required LatencySummary LatencyMs { get; init; }

    /// <summary>
    /// With --size-distribution: latency by plain request size (powers of two), requests that got a reply; null for one size
    /// or where the size is not known (the WCF mode).
    /// </summary>
    public IReadOnlyList<SizeLatency>? LatencyBySizeMs { get; init; }

    /// <summary>Request body bytes of requests that got a reply; HTTP headers are not counted. Null in the WCF mode.</summary>
    public required long? BytesSent { get; init; }

    /// <summary>Reply body bytes, as on the wire (nothing decompressed); HTTP headers and chunk framing are not counted. Null in the WCF mode.</summary>
    public required long? BytesReceived { get; init; }

    /// <summary><see cref="BytesSent"/> per measured request.</summary>
    public required double? BytesSentPerRequest { get; init; }

    /// <summary><see cref="BytesReceived"/> per measured request.</summary>
    public required double? BytesReceivedPerRequest { get; init; }

    /// <summary>Processor time of the LoadClient process during the measured phase, in milliseconds.</summary>
    public required double ClientCpuMs { get; init; }

    /// <summary><see cref="ClientCpuMs"/> per measured request.</summary>
    public required double ClientCpuMsPerRequest { get; init; }

    /// <summary>
    /// TLS targets: handshakes the client made during the measured phase (new connections: raw, the HttpClient's; wcf,
    /// WCF's HTTPS connections and net.tcp sessions), refused ones included. Null for a plain target.
    /// </summary>
    public required long? TlsHandshakes { get; init; }

    /// <summary><see cref="TlsHandshakes"/> per 1,000 measured requests: near 0 when connections are reused, 1,000 when every request makes its own.</summary>
    public required double? TlsHandshakesPer1000Requests { get; init; }

    /// <summary>TLS targets: every handshake of the run, the pre-flight check's and the warm-up's included. Null for a plain target.</summary>
    public required long? TlsHandshakesTotal { get; init; }

    /// <summary>--admin-url: the change of the router's /stats over the measured phase; null without it.</summary>
    public required RouterReport? Router { get; init; }

    /// <summary>--compression: the mode, and (raw) requests compressed, replies by codec, bytes on the wire and before/after compression.</summary>
    public required CompressionReport Compression { get; init; }

    /// <summary>True when every measured request succeeded (and there was at least one).</summary>
    public bool AllSucceeded => Requests > 0 && Ok == Requests;

    /// <summary>Builds the report of <paramref name="measurement"/>; <paramref name="templates"/> are the raw mode's, null in the WCF mode.</summary>
    public static LoadReport Create(
        LoadOptions options, OperationCall call, RequestTemplateSet? templates, LoadMeasurement measurement, RouterReport? router,
        CompressionStatisticsSnapshot? compressionLink = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(call);
        ArgumentNullException.ThrowIfNull(measurement);
        var raw = templates is not null;
        var template = templates?.First;
        var oneSize = templates is { Templates.Count: 1 };
        var stats = measurement.Stats;
        var requests = stats.Requests;
        var seconds = measurement.WallTime.TotalSeconds;
        var outcomes = stats.Outcomes;
        var httpErrors = outcomes[(int)RequestOutcome.HttpError];
        var timeouts = outcomes[(int)RequestOutcome.Timeout];
        var transportErrors = outcomes[(int)RequestOutcome.TransportError];
        var communicationErrors = outcomes[(int)RequestOutcome.CommunicationError];
        var undecodable = outcomes[(int)RequestOutcome.CompressionBomb] + outcomes[(int)RequestOutcome.CorruptReply];
        var cpuMs = measurement.CpuTime.TotalMilliseconds;
        return new LoadReport
        {
            Url = options.Url.AbsoluteUri,
            Client = Names.Of(options.Client),
            Binding = options.Binding.Name,
            Operation = Names.Of(options.Operation),
            Action = call.Action,
            Profile = options.Profile.ToString(),
            Message = Payloads.MessageProfiles.NameOf(options.Profile),
            Serializer = Names.Of(options.Serializer),
            SizeDistribution = Names.Of(options.SizeDistribution),
            TargetRate = options.Rate,
            RepeatShare = options.CacheKeys?.RepeatShare,
            Keys = options.CacheKeys?.Keys,
            LateStarts = options.Rate is null ? null : stats.LateStarts,
            Router = router,
            Concurrency = options.Concurrency,
            Warmup = options.Warmup,
            RequestBodyBytes = oneSize ? template!.Body.Length : null,
            RequestBodyBytesBySize = templates is { Templates.Count: > 1 } ? templates.Templates.Select(t => t.Body.Length).ToArray() : null,
            UniqueMessageIdPerRequest = templates is not null ? templates.Templates.All(t => t.MessageId is not null) : options.Binding.UsesAddressing && !call.OneWay,
            Compression = CompressionReport.From(options, stats, raw) with { Link = compressionLink },
            Stopped = measurement.Stopped,
            Requests = requests,
            Ok = outcomes[(int)RequestOutcome.Ok],
            Faults = outcomes[(int)RequestOutcome.Fault],
            Errors = httpErrors + timeouts + transportErrors + communicationErrors + undecodable,
            HttpErrors = raw ? httpErrors : null,
            Timeouts = timeouts,
            TransportErrors = raw ? transportErrors : null,
            CommunicationErrors = raw ? null : communicationErrors,
            ErrorTypes = stats.ErrorTypes.OrderBy(p => p.Key, StringComparer.Ordinal).ToDictionary(p => p.Key, p => p.Value),
            StatusCodes = raw ? stats.StatusCodes.OrderBy(p => p.Key).ToDictionary(p => p.Key.ToString(System.Globalization.CultureInfo.InvariantCulture), p => p.Value) : null,
            WallSeconds = seconds,
            RequestsPerSecond = PerSecond(requests, seconds),
            OkPerSecond = PerSecond(outcomes[(int)RequestOutcome.Ok], seconds),
            LatencyMs = LatencySummary.From(stats.Latency),
            LatencyBySizeMs = measurement.BySize?.Summaries() is { Count: > 0 } bySize ? bySize : null,
            BytesSent = raw ? stats.BytesSent : null,
            BytesReceived = raw ? stats.BytesReceived : null,
            BytesSentPerRequest = raw ? PerRequest(stats.BytesSent, requests) : null,
            BytesReceivedPerRequest = raw ? PerRequest(stats.BytesReceived, requests) : null,
            TlsHandshakes = measurement.TlsHandshakes,
            TlsHandshakesPer1000Requests = measurement.TlsHandshakes is { } handshakes ? PerRequest(handshakes * 1000.0, requests) : null,
            TlsHandshakesTotal = measurement.TlsHandshakesTotal,
            ClientCpuMs = cpuMs,
            ClientCpuMsPerRequest = PerRequest(cpuMs, requests),
        };
    }

    private static double PerSecond(long count, double seconds) => seconds > 0 ? count / seconds : 0;

    private static double PerRequest(double total, long requests) => requests > 0 ? total / requests : 0;
}
