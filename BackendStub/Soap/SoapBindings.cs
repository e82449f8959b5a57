namespace BackendStub.Soap;

/// <summary>Per-binding facts: path, name, envelope, media type and content type.</summary>
public static class SoapBindings
{
    /// <summary>Media type of SOAP 1.1 text messages.</summary>
    public const string TextXmlMediaType = "text/xml";

    /// <summary>Media type of SOAP 1.2 text messages.</summary>
    public const string Soap12MediaType = "application/soap+xml";

    /// <summary>Media type of msbin1 binary messages.</summary>
    public const string BinaryMediaType = "application/soap+msbin1";

    /// <summary>All bindings, in the order endpoints are printed.</summary>
    public static IReadOnlyList<SoapBinding> All { get; } = [SoapBinding.BasicHttp, SoapBinding.Soap12, SoapBinding.Binary];

    /// <summary>The endpoint name printed at start (<c>endpoint NAME URL</c>) and used in statistics.</summary>
    public static string Name(SoapBinding binding) => binding switch
    {
        SoapBinding.BasicHttp => "basicHttp",
        SoapBinding.Soap12 => "soap12",
        SoapBinding.Binary => "binary",
        _ => throw Unknown(binding),
    };

    /// <summary>The HTTP path of the binding's endpoint.</summary>
    public static string Path(SoapBinding binding) => binding switch
    {
        SoapBinding.BasicHttp => "/basic",
        SoapBinding.Soap12 => "/soap12",
        SoapBinding.Binary => "/binary",
        _ => throw Unknown(binding),
    };

    /// <summary>The binding whose name is <paramref name="name"/> (case-insensitive).</summary>
    public static bool TryParseName(string name, out SoapBinding binding)
    {
        foreach (var candidate in All)
        {
            if (string.Equals(Name(candidate), name, StringComparison.OrdinalIgnoreCase))
            {
                binding = candidate;
                return true;
            }
        }

        binding = default;
        return false;
    }

    /// <summary>True for SOAP 1.2 envelopes with WS-Addressing 1.0 headers.</summary>
    public static bool UsesAddressing(SoapBinding binding) => binding != SoapBinding.BasicHttp;

    /// <summary>True when the body is msbin1 binary XML.</summary>
    public static bool IsBinary(SoapBinding binding) => binding == SoapBinding.Binary;

    /// <summary>The envelope namespace.</summary>
    public static string EnvelopeNamespace(SoapBinding binding) =>
        binding == SoapBinding.BasicHttp ? SoapNamespaces.Soap11Envelope : SoapNamespaces.Soap12Envelope;

    /// <summary>The media type a request must have (parameters aside).</summary>
    public static string MediaType(SoapBinding binding) => binding switch
    {
        SoapBinding.BasicHttp => TextXmlMediaType,
        SoapBinding.Soap12 => Soap12MediaType,
        SoapBinding.Binary => BinaryMediaType,
        _ => throw Unknown(binding),
    };

    /// <summary>
    /// The full content type of a message: text/xml with charset; application/soap+xml with charset and, when
    /// given, the action parameter (as WCF's SOAP 1.2 text encoder writes it); application/soap+msbin1 as it is.
    /// </summary>
    public static string ContentType(SoapBinding binding, string? action = null) => binding switch
    {
        SoapBinding.BasicHttp => "text/xml; charset=utf-8",
        SoapBinding.Soap12 => string.IsNullOrEmpty(action)
            ? "application/soap+xml; charset=utf-8"
            : $"application/soap+xml; charset=utf-8; action=\"{action}\"",
        SoapBinding.Binary => BinaryMediaType,
        _ => throw Unknown(binding),
    };

    private static ArgumentOutOfRangeException Unknown(SoapBinding binding) =>
        new(nameof(binding), binding, "Unknown SOAP binding.");
}
