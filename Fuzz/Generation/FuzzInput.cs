namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// One generated input: for HTTP targets a POST body with its headers; for net.tcp the bytes sent on a new connection
/// (<see cref="Body"/>) and, for the TLS target, what is sent inside the TLS stream once the upgrade is accepted
/// (<see cref="Tunnelled"/>; null: the input never gets that far). <see cref="Mutations"/> names what was done to the
/// seed, for the failure files.
/// </summary>
internal sealed record FuzzInput(string Mutations, byte[] Body)
{
    /// <summary>The Content-Type header (HTTP).</summary>
    public string? ContentType { get; init; }

    /// <summary>Extra HTTP request headers, repeated names allowed (SOAPAction, Content-Encoding, X-Soap-Original-Length, junk).</summary>
    public IReadOnlyList<KeyValuePair<string, string>> Headers { get; init; } = [];

    /// <summary>The bytes written inside TLS after the Upgrade Response (the TLS net.tcp target only).</summary>
    public byte[]? Tunnelled { get; init; }
}
