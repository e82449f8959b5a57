using System.Text.Json;

namespace LoadClient.AdminStats;

/// <summary>
/// What the router's /stats said about the measured phase; the whole change of its counters is in
/// <see cref="StatsDelta"/>.
/// </summary>
/// <param name="StatsUrl">The address read.</param>
/// <param name="Messages">Messages the router handled during the phase (its <c>messages</c> counter), null when unread.</param>
/// <param name="VerbatimMessages">Of those, forwarded verbatim (<c>paths.verbatim.messages</c>).</param>
/// <param name="ReencodedMessages">Of those, re-encoded (<c>paths.reencoded.messages</c>).</param>
/// <param name="AllocatedBytesPerMessage">Managed bytes the router allocated per message (<c>process.allocatedBytes</c>).</param>
/// <param name="CpuMs">The router's CPU time during the phase (<c>process.cpuMilliseconds</c>; null from a router that lacks it).</param>
/// <param name="StatsDelta">Every counter of /stats, after minus before (paths, routes, destinations, listeners...).</param>
/// <param name="Problem">Why a reading failed; null when both worked.</param>
internal sealed record RouterReport(
    string StatsUrl,
    long? Messages,
    long? VerbatimMessages,
    long? ReencodedMessages,
    double? AllocatedBytesPerMessage,
    double? CpuMs,
    JsonElement? StatsDelta,
    string? Problem)
{
    /// <summary>The report of <paramref name="reader"/>'s two readings.</summary>
    public static RouterReport From(RouterStatsReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        if (reader.Before is not { } before || reader.After is not { } after)
        {
            return new RouterReport(reader.StatsUrl.AbsoluteUri, null, null, null, null, null, null, reader.Problem ?? "not read");
        }

        var delta = JsonDelta.Subtract(before, after);
        var element = JsonDocument.Parse(delta?.ToJsonString() ?? "null").RootElement.Clone();
        var messages = Long(element, "messages");
        var allocated = Long(element, "process", "allocatedBytes");
        return new RouterReport(
            reader.StatsUrl.AbsoluteUri,
            messages,
            Long(element, "paths", "verbatim", "messages"),
            Long(element, "paths", "reencoded", "messages"),
            messages is > 0 && allocated is { } bytes ? (double)bytes / messages.Value : null,
            CpuMs: Double(element, "process", "cpuMilliseconds"),
            element,
            reader.Problem);
    }

    private static double? Double(JsonElement element, params string[] path)
    {
        foreach (var name in path)
        {
            if (element.ValueKind != JsonValueKind.Object || !element.TryGetProperty(name, out element))
            {
                return null;
            }
        }

        return element.ValueKind == JsonValueKind.Number ? element.GetDouble() : null;
    }

    private static long? Long(JsonElement element, params string[] path)
    {
        foreach (var name in path)
        {
            if (element.ValueKind != JsonValueKind.Object || !element.TryGetProperty(name, out element))
            {
                return null;
            }
        }

        return element.ValueKind == JsonValueKind.Number && element.TryGetInt64(out var value) ? value : null;
    }
}
