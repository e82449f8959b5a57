namespace SoapRouter.Tests.Support;

/// <summary>One request as a <see cref="RecordingBackend"/> received it: the raw body bytes and the raw header values.</summary>
/// <param name="Body">The body bytes exactly as read from the connection.</param>
/// <param name="Headers">Every header, by name (case-insensitive), values joined by ", " as Kestrel holds them.</param>
/// <param name="Query">The query string with its '?', or "" for none.</param>
internal sealed record ReceivedRequest(string Method, string Path, byte[] Body, IReadOnlyDictionary<string, string> Headers, string Query = "")
{
    /// <summary>The value of <paramref name="name"/>, or null when the request had no such header.</summary>
    public string? Header(string name) => Headers.TryGetValue(name, out var value) ? value : null;
}
