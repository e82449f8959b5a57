using SoapRouter.Configuration;
using SoapRouter.Routing;

namespace SoapRouter.Listening;

/// <summary>
/// What an HTTP listener's binding expects on the wire: the media type a request must carry and the SOAP version the
/// listener's own faults are written in. One shared instance per binding.
/// </summary>
internal sealed class HttpListenerBinding
{
    private HttpListenerBinding(string name, string mediaType, SoapVersion soapVersion, bool isBinary)
    {
        Name = name;
        MediaType = mediaType;
        SoapVersion = soapVersion;
        IsBinary = isBinary;
    }

    /// <summary>Text SOAP 1.1 (text/xml), the action in the SOAPAction header.</summary>
    public static HttpListenerBinding BasicHttp { get; } = new(BindingNames.BasicHttp, SoapMediaTypes.TextXml, SoapVersion.Soap11, isBinary: false);

    /// <summary>Text SOAP 1.2 (application/soap+xml), the action in the content type.</summary>
    public static HttpListenerBinding Soap12Http { get; } = new(BindingNames.Soap12Http, SoapMediaTypes.Soap12Xml, SoapVersion.Soap12, isBinary: false);

    /// <summary>Binary SOAP 1.2 (application/soap+msbin1).</summary>
    public static HttpListenerBinding BinaryHttp { get; } = new(BindingNames.BinaryHttp, SoapMediaTypes.Msbin1, SoapVersion.Soap12, isBinary: true);

    /// <summary>The binding's name in router.json.</summary>
    public string Name { get; }

    /// <summary>The media type requests must carry (parameters aside).</summary>
    public string MediaType { get; }

    /// <summary>The SOAP version of the listener's messages, and so of the faults it writes itself.</summary>
    public SoapVersion SoapVersion { get; }

    /// <summary>True for msbin1, which the router forwards without reading (see <see cref="BinaryRoutableMessage"/>).</summary>
    public bool IsBinary { get; }

    /// <summary>The binding for <paramref name="name"/>, or null when it is not served over HTTP (netTcp).</summary>
    public static HttpListenerBinding? ForName(string? name) => name switch
    {
        BindingNames.BasicHttp => BasicHttp,
        BindingNames.Soap12Http => Soap12Http,
        BindingNames.BinaryHttp => BinaryHttp,
        _ => null,
    };

    /// <summary>True when <paramref name="contentType"/>'s media type is this binding's, ignoring case and parameters.</summary>
    public bool Accepts(string? contentType) => SoapMediaTypes.Matches(contentType, MediaType);

    /// <inheritdoc />
    public override string ToString() => Name;
}
