using SoapRouter.Wire.Compression;

namespace SoapRouter.Configuration;

/// <summary>An address the router listens on, with the binding clients use there.</summary>
public sealed record ListenerConfig
{
    /// <summary>Unique name, used in logs and statistics.</summary>
    public string Name { get; init; } = "";

    /// <summary>One of <see cref="BindingNames"/>.</summary>
    public string Binding { get; init; } = "";

    /// <summary>
    /// The message encoding on a basicHttp or soap12Http binding: text (the default) or mtom (multipart/related with
    /// XOP parts, WCF's WSMessageEncoding.Mtom). Null: the binding's own encoding.
    /// </summary>
    public string? Encoding { get; init; }

    /// <summary>
    /// The WS-Addressing version on a soap12Http or binaryHttp binding: 1.0 (the default) or august2004 (WCF's
    /// AddressingVersion.WSAddressingAugust2004). Null: the binding's own.
    /// </summary>
    public string? Addressing { get; init; }

    /// <summary>
    /// buffered (null, the default) or streamed (HTTP bindings in text or msbin1): messages pass through as they arrive,
    /// never held whole; routes from a streamed listener read headers only and lead to streamed destinations.
    /// </summary>
    public string? TransportMode { get; init; }

    /// <summary><see cref="TransportMode"/> read once: true for streamed (null and buffered: false).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool IsStreamed => TransportModes.IsStreamed(TransportMode);

    /// <summary>Absolute address: http://host:port/path or net.tcp://host:port/path.</summary>
    public string Address { get; init; } = "";

    /// <summary>
    /// Check the whole envelope (well-formed to its end, reader quotas, no DTD) before forwarding, not only the
    /// headers. On by default; turn it off only for trusted traffic.
    /// </summary>
    public bool ValidateBody { get; init; } = true;

    /// <summary>
    /// How replies to this listener's clients are compressed (only in a codec the client's Accept-Encoding names);
    /// null: never. Compressed requests are read whatever this says, under limits.maxDecompressedSize.
    /// </summary>
    public CompressionOptions? Compression { get; init; }

    /// <summary>
    /// TLS on this listener: required for an https:// address, and on a net.tcp:// one it makes the listener serve
    /// transport security (the application/ssl-tls upgrade); null: plain.
    /// </summary>
    public ListenerTlsConfig? Tls { get; init; }
}
