using System.Globalization;

namespace LoadClient.Reporting;

/// <summary>The short human-readable table printed after a run.</summary>
internal static class ConsoleReport
{
    /// <summary>Writes <paramref name="report"/> to <paramref name="output"/>.</summary>
    public static void Write(LoadReport report, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(report);
        ArgumentNullException.ThrowIfNull(output);
        var c = CultureInfo.InvariantCulture;
        var latency = report.LatencyMs;
        var errorKinds = report.CommunicationErrors is { } communication
            ? string.Create(c, $"timeout {report.Timeouts:N0}, communication {communication:N0}")
            : string.Create(c, $"http {report.HttpErrors:N0}, timeout {report.Timeouts:N0}, transport {report.TransportErrors:N0}");
        output.WriteLine(string.Create(c, $"{report.Binding} {report.Operation} -> {report.Url} ({report.Client} client){(report.Stopped ? " (stopped early)" : "")}"));
        output.WriteLine(string.Create(c, $"  requests       {report.Requests:N0}: {report.Ok:N0} ok, {report.Faults:N0} faults, {report.Errors:N0} errors ({errorKinds})"));
        if (report.ErrorTypes.Count > 0)
        {
            output.WriteLine(string.Create(c, $"  error types    {Join(report.ErrorTypes)}"));
        }

        output.WriteLine(string.Create(c, $"  status codes   {(report.StatusCodes is null ? "not seen by the WCF client" : report.StatusCodes.Count == 0 ? "none" : Join(report.StatusCodes))}"));
        output.WriteLine(string.Create(c, $"  wall time      {report.WallSeconds:F3} s, concurrency {report.Concurrency}, warmup {report.Warmup}"));
        output.WriteLine(string.Create(c, $"  throughput     {report.RequestsPerSecond:F1} req/s ({report.OkPerSecond:F1} ok/s)"));
        output.WriteLine(string.Create(c, $"  latency ms     p50 {latency.P50:F3}  p90 {latency.P90:F3}  p99 {latency.P99:F3}  p99.9 {latency.P999:F3}  max {latency.Max:F3}  mean {latency.Mean:F3}  (all requests)"));
        foreach (var size in report.LatencyBySizeMs ?? [])
        {
            output.WriteLine(string.Create(c, $"    {size.SizeBucket,-11} p50 {size.LatencyMs.P50:F3}  p99 {size.LatencyMs.P99:F3}  ({size.Requests:N0} requests)"));
        }

        if (report.TargetRate is { } rate)
        {
            output.WriteLine(string.Create(c, $"  rate           target {rate:F1} req/s, {report.LateStarts:N0} started late (every slot busy; latency counts from the scheduled time)"));
        }
        if (report.BytesSent is { } sent && report.BytesReceived is { } received)
        {
            output.WriteLine(string.Create(c, $"  bytes/request  sent {report.BytesSentPerRequest:N0}  received {report.BytesReceivedPerRequest:N0}  (bodies only, HTTP headers not counted)"));
            output.WriteLine(string.Create(c, $"  bytes total    sent {sent:N0}  received {received:N0}"));
        }
        else
        {
            output.WriteLine("  bytes          not measured (the WCF client does not expose what it puts on the wire)");
        }

        WriteCompression(report.Compression, output);
        output.WriteLine(report.TlsHandshakes is { } handshakes
            ? string.Create(c, $"  tls            {handshakes:N0} handshakes ({report.TlsHandshakesPer1000Requests:F1} per 1,000 requests), {report.TlsHandshakesTotal:N0} with the pre-flight check and warm-up")
            : "  tls            none");
        output.WriteLine(string.Create(c, $"  client CPU     {report.ClientCpuMs:F0} ms, {report.ClientCpuMsPerRequest:F3} ms/request"));
        output.WriteLine(string.Create(c, $"  message id     {(report.UniqueMessageIdPerRequest ? "unique wsa:MessageID per request" : report.Compression.RequestsCompressed is > 0 && report.Compression.Mode is "wcf" or "always" ? "one wsa:MessageID per template (compressed once, shared by its requests)" : "none in this message")}"));
        if (report.Router is { } router)
        {
            output.WriteLine(router.Problem is { } problem
                ? string.Create(c, $"  router         {problem}")
                : string.Create(c, $"  router         {router.Messages:N0} messages ({router.VerbatimMessages:N0} verbatim, {router.ReencodedMessages:N0} re-encoded), {router.AllocatedBytesPerMessage:N0} bytes allocated/message, {(router.CpuMs is { } cpu ? string.Create(c, $"CPU {cpu:F0} ms ({(router.Messages is > 0 ? cpu * 1000 / router.Messages.Value : 0):F0} us/message)") : "CPU not in /stats")}"));
        }
    }

    private static void WriteCompression(CompressionReport compression, TextWriter output)
    {
        var c = CultureInfo.InvariantCulture;
        if (compression.Codecs is not { } codecs)
        {
            output.WriteLine("  compression    none");
            return;
        }

        output.WriteLine(string.Create(c, $"  compression    {compression.Mode} ({string.Join(", ", codecs)})"));
        if (compression.RepliesByCodec is not { } replies)
        {
            output.WriteLine("  compressed     not measured (the WCF client does not expose what it puts on the wire)");
            return;
        }

        output.WriteLine(string.Create(c, $"  requests       {compression.RequestsCompressed:N0} compressed; bytes on the wire {compression.RequestBytesOnWire:N0} of {compression.RequestBytesBeforeCompression:N0} before compression (ratio {compression.RequestRatio:F3})"));
        output.WriteLine(string.Create(c, $"  replies        by codec {Join(replies)}; bytes on the wire {compression.ReplyBytesOnWire:N0}, decoded {compression.ReplyBytesDecoded:N0} (ratio {compression.ReplyRatio:F3}); bombs {compression.Bombs:N0}, corrupt {compression.CorruptReplies:N0}"));
    }

    private static string Join(IReadOnlyDictionary<string, long> counts) =>
        string.Join(", ", counts.Select(p => string.Create(CultureInfo.InvariantCulture, $"{p.Key}: {p.Value}")));
}
