using SoapRouter.Wire.Compression;

namespace SoapRouter.Configuration;

/// <summary>A backend endpoint.</summary>
public sealed record DestinationConfig
{
    /// <summary>Unique name within the router, used in logs and statistics.</summary>
    public string Name { get; init; } = "";

    /// <summary>Absolute address of the backend service endpoint.</summary>
    public string Address { get; init; } = "";

    /// <summary>One of <see cref="BindingNames"/>.</summary>
    public string Binding { get; init; } = "";

    /// <summary>
    /// The message encoding on a basicHttp or soap12Http binding: text (the default) or mtom (multipart/related with
    /// XOP parts, WCF's WSMessageEncoding.Mtom). Null: the binding's own encoding.
    /// </summary>
    public string? Encoding { get; init; }

    /// <summary>
    /// The WS-Addressing version on a soap12Http, binaryHttp or (buffered) netTcp binding: 1.0 (the default) or august2004
    /// (WCF's AddressingVersion.WSAddressingAugust2004). Null: the binding's own.
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

    /// <summary>
    /// How requests to this HTTP destination are compressed (form adaptive: Content-Encoding, for peers that speak it;
    /// form wcf: WCF's +gzip media type, binaryHttp only) and which codecs its replies may use (Accept-Encoding); null:
    /// never, and no Accept-Encoding is sent. Compressed replies are read under limits.maxDecompressedSize.
    /// </summary>
    public CompressionOptions? Compression { get; init; }

    /// <summary>
    /// TLS toward this destination: an https:// address uses TLS with or without it (the system's authorities by
    /// default); a net.tcp:// one uses transport security only with it. Null on http://.
    /// </summary>
    public DestinationTlsConfig? Tls { get; init; }

    /// <summary>
    /// Where the service publishes its metadata (WCF's httpGetUrl): an http(s) address without a query, whose ?wsdl is
    /// the WSDL (and ?xsd=..., ?wsdl=... its parts). Null: an HTTP destination's own address; a net.tcp destination has
    /// none, so its one-way operations are not learned and ?wsdl is served from another destination of its cluster.
    /// </summary>
    public string? MetadataAddress { get; init; }
}
