using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Wire.Bindings;

/// <summary>
/// One of the four wire bindings in one of its variants: its SOAP and WS-Addressing versions, its encoding (WCF's text,
/// binary or MTOM encoder) and how HTTP carries it. One shared instance per variant (see <see cref="WireBindings"/>),
/// so bindings compare by reference.
/// </summary>
public sealed class WireBinding
{
    private WireBinding(string name, MessageVersion messageVersion, string mediaType, bool isBinary, bool isSession, bool isMtom = false)
    {
        Name = name;
        MessageVersion = messageVersion;
        MediaType = mediaType;
        IsBinary = isBinary;
        IsSession = isSession;
        IsMtom = isMtom;
    }

    /// <summary>Text SOAP 1.1, no WS-Addressing; the action travels in the SOAPAction HTTP header.</summary>
    internal static WireBinding BasicHttp { get; } =
        new(WireBindingNames.BasicHttp, MessageVersion.Soap11, SoapMediaTypes.TextXml, isBinary: false, isSession: false);

    /// <summary>Text SOAP 1.2 with WS-Addressing 1.0.</summary>
    internal static WireBinding Soap12Http { get; } =
        new(WireBindingNames.Soap12Http, MessageVersion.Soap12WSAddressing10, SoapMediaTypes.Soap12Xml, isBinary: false, isSession: false);

    /// <summary>basicHttp with WCF's MTOM encoder: SOAP 1.1 in a multipart/related package, binary content as XOP parts.</summary>
    internal static WireBinding BasicHttpMtom { get; } =
        new(WireBindingNames.BasicHttp, MessageVersion.Soap11, SoapMediaTypes.MultipartRelated, isBinary: false, isSession: false, isMtom: true);

    /// <summary>soap12Http with WCF's MTOM encoder.</summary>
    internal static WireBinding Soap12HttpMtom { get; } =
        new(WireBindingNames.Soap12Http, MessageVersion.Soap12WSAddressing10, SoapMediaTypes.MultipartRelated, isBinary: false, isSession: false, isMtom: true);

    /// <summary>msbin1 (WCF binary XML with its static dictionary), SOAP 1.2 with WS-Addressing 1.0.</summary>
    internal static WireBinding BinaryHttp { get; } =
        new(WireBindingNames.BinaryHttp, MessageVersion.Soap12WSAddressing10, SoapMediaTypes.Msbin1, isBinary: true, isSession: false);

    /// <summary>soap12Http with WS-Addressing August 2004 (WCF's AddressingVersion.WSAddressingAugust2004).</summary>
    internal static WireBinding Soap12HttpAugust2004 { get; } =
        new(WireBindingNames.Soap12Http, MessageVersion.Soap12WSAddressingAugust2004, SoapMediaTypes.Soap12Xml, isBinary: false, isSession: false);

    /// <summary>binaryHttp with WS-Addressing August 2004.</summary>
    internal static WireBinding BinaryHttpAugust2004 { get; } =
        new(WireBindingNames.BinaryHttp, MessageVersion.Soap12WSAddressingAugust2004, SoapMediaTypes.Msbin1, isBinary: true, isSession: false);

    /// <summary>msbinsession1 over net.tcp framing, SOAP 1.2 with WS-Addressing 1.0.</summary>
    internal static WireBinding NetTcp { get; } =
        new(WireBindingNames.NetTcp, MessageVersion.Soap12WSAddressing10, SoapMediaTypes.MsbinSession1, isBinary: true, isSession: true);

    /// <summary>netTcp with WS-Addressing August 2004: the session encoder a CustomBinding(BinaryMessageEncodingBindingElement { MessageVersion = Soap12WSAddressingAugust2004 }, TcpTransportBindingElement) client speaks.</summary>
    internal static WireBinding NetTcpAugust2004 { get; } =
        new(WireBindingNames.NetTcp, MessageVersion.Soap12WSAddressingAugust2004, SoapMediaTypes.MsbinSession1, isBinary: true, isSession: true);

    /// <summary>The binding's name in router.json.</summary>
    public string Name { get; }

    /// <summary>The SOAP envelope and WS-Addressing versions of its messages.</summary>
    public MessageVersion MessageVersion { get; }

    /// <summary>The media type of its messages (parameters aside).</summary>
    public string MediaType { get; }

    /// <summary>True for the binary encodings (msbin1, msbinsession1).</summary>
    public bool IsBinary { get; }

    /// <summary>True for MTOM (multipart/related with XOP parts): read and written by WCF's MTOM encoder, never by the router's text scanner.</summary>
    public bool IsMtom { get; }

    /// <summary>The encoding's name in router.json: text, mtom or binary.</summary>
    public string Encoding => IsMtom ? WireEncodingNames.Mtom : IsBinary ? WireEncodingNames.Binary : WireEncodingNames.Text;

    /// <summary>The WS-Addressing version's name in router.json: 1.0, august2004, or none (basicHttp).</summary>
    public string Addressing => MessageVersion.Addressing == AddressingVersion.WSAddressingAugust2004 ? WireAddressingNames.August2004
        : UsesAddressing ? WireAddressingNames.Addressing10 : WireAddressingNames.None;

    /// <summary>True for net.tcp: the binary session encoder, whose bytes only make sense on their own connection.</summary>
    public bool IsSession { get; }

    /// <summary>True for the bindings carried by HTTP requests.</summary>
    public bool IsHttp => !IsSession;

    /// <summary>
    /// The binding whose encoder writes this one's messages on their own, outside any session: msbin1 (binaryHttp) in the
    /// same SOAP and WS-Addressing versions for netTcp, whose session bytes refer to their connection's dictionary; this
    /// binding for every other.
    /// </summary>
    public WireBinding Sessionless => !IsSession ? this
        : MessageVersion.Addressing == AddressingVersion.WSAddressingAugust2004 ? BinaryHttpAugust2004 : BinaryHttp;

    /// <summary>True when messages carry WS-Addressing headers (everything but basicHttp).</summary>
    public bool UsesAddressing => MessageVersion.Addressing != AddressingVersion.None;

    /// <summary>True when the envelope is SOAP 1.2.</summary>
    public bool IsSoap12 => MessageVersion.Envelope == EnvelopeVersion.Soap12;

    /// <summary>The envelope namespace.</summary>
    public string EnvelopeNamespace => IsSoap12 ? SoapNamespaces.Soap12Envelope : SoapNamespaces.Soap11Envelope;

    /// <summary>True when <paramref name="contentType"/>'s media type is this binding's, ignoring case and parameters.</summary>
    public bool Accepts(string? contentType) => SoapMediaTypes.Matches(contentType, MediaType);

    /// <summary>
    /// The action the HTTP request carries: the SOAPAction header for basicHttp, the content type's action parameter
    /// for the SOAP 1.2 media types (WCF's clients leave it out and send wsa:Action). Null when absent.
    /// </summary>
    public string? TransportAction(string? contentType, string? soapActionHeader) => IsSoap12
        ? SoapMediaTypes.ActionParameter(contentType)
        : SoapMediaTypes.FromSoapActionHeader(soapActionHeader);

    /// <summary>
    /// The encoder factory, with <paramref name="limits"/>' quotas. For netTcp, its
    /// <see cref="MessageEncoderFactory.CreateSessionEncoder"/> gives one connection's msbinsession1 encoder.
    /// </summary>
    public MessageEncoderFactory CreateEncoderFactory(WireLimits limits)
    {
        ArgumentNullException.ThrowIfNull(limits);
        return CreateEncodingElement(limits).CreateMessageEncoderFactory();
    }

    /// <summary>
    /// A codec for this binding. For the HTTP bindings it is thread-safe and meant to be shared; for netTcp it is one
    /// session encoder (one connection, one direction).
    /// </summary>
    public MessageCodec CreateCodec(WireLimits limits, ArrayPoolBufferManager? buffers = null)
    {
        var factory = CreateEncoderFactory(limits);
        var encoder = IsSession ? factory.CreateSessionEncoder() : factory.Encoder;
        return new MessageCodec(this, encoder, limits, buffers);
    }

    /// <summary>
    /// The System.ServiceModel binding a WCF client uses to speak this binding, with <paramref name="limits"/> as its
    /// largest message and reader quotas (WCF's 64 KB default is too small for real payloads). For netTcp,
    /// <paramref name="connectionBufferSize"/> replaces WCF's 8 KB connection buffer: WCF also sizes the socket's receive
    /// buffer from it, and a 16 KB receive window stalls on every delayed ACK where segments are larger than that
    /// (loopback's 64 KB MSS), so large messages crawl (150 KB: ~2 s). <paramref name="sessionCompression"/> (netTcp):
    /// WCF's compressed binary session. Without either, the stock NetTcpBinding. <paramref name="security"/>: HTTPS, or
    /// net.tcp's TLS upgrade (<c>application/ssl-tls</c>), with or without a client certificate (the certificate itself
    /// goes on the channel factory's ClientCredentials, the server certificate's check on its ServiceCertificate).
    /// </summary>
    public Binding CreateClientBinding(
        WireLimits limits,
        int? connectionBufferSize = null,
        CompressionFormat sessionCompression = CompressionFormat.None,
        WireTransportSecurity security = WireTransportSecurity.None)
    {
        ArgumentNullException.ThrowIfNull(limits);
        if (!Enum.IsDefined(security))
        {
            throw new ArgumentOutOfRangeException(nameof(security), security, "Unknown transport security.");
        }

        var secure = security != WireTransportSecurity.None;
        var clientCertificate = security == WireTransportSecurity.TransportWithClientCertificate;
        // NetTcpBinding is fixed to WS-Addressing 1.0: the August 2004 variant is a CustomBinding, as a WCF shop writes it.
        var customSession = connectionBufferSize is not null || sessionCompression != CompressionFormat.None
            || MessageVersion != MessageVersion.Soap12WSAddressing10;
        if (IsSession && customSession)
        {
            var bufferSize = connectionBufferSize ?? new TcpTransportBindingElement().ConnectionBufferSize;

            // CompressionFormat: WCF's compressed session (application/soap+msbinsession1+gzip or +deflate in the
            // preamble, every message's bytes compressed on their own), what a stock WCF service with the same setting reads.
            var sessionEncoding = new BinaryMessageEncodingBindingElement { MessageVersion = MessageVersion, CompressionFormat = sessionCompression };
            limits.ToReaderQuotas().CopyTo(sessionEncoding.ReaderQuotas);
            var tcp = new TcpTransportBindingElement
            {
                MaxReceivedMessageSize = limits.MaxMessageSize,
                MaxBufferSize = limits.MaxMessageSize,
                ConnectionBufferSize = bufferSize,
            };

            // The stream security element sits between the encoder and the transport, as NetTcpBinding puts it.
            return secure
                ? new CustomBinding(sessionEncoding, new SslStreamSecurityBindingElement { RequireClientCertificate = clientCertificate }, tcp) { Name = Name }
                : new CustomBinding(sessionEncoding, tcp) { Name = Name };
        }

        if (IsSession)
        {
            var netTcp = new NetTcpBinding(secure ? SecurityMode.Transport : SecurityMode.None)
            {
                MaxReceivedMessageSize = limits.MaxMessageSize,
                MaxBufferSize = limits.MaxMessageSize,
            };

            // Transport security's default credential is Windows (the application/negotiate upgrade): TLS needs None or Certificate.
            if (secure)
            {
                netTcp.Security.Transport.ClientCredentialType = clientCertificate ? TcpClientCredentialType.Certificate : TcpClientCredentialType.None;
            }

            limits.ToReaderQuotas().CopyTo(netTcp.ReaderQuotas);
            return netTcp;
        }

        if (!UsesAddressing)
        {
            var basic = new BasicHttpBinding(secure ? BasicHttpSecurityMode.Transport : BasicHttpSecurityMode.None)
            {
                MaxReceivedMessageSize = limits.MaxMessageSize,
                MaxBufferSize = limits.MaxMessageSize,
                MessageEncoding = IsMtom ? WSMessageEncoding.Mtom : WSMessageEncoding.Text,
            };
            if (clientCertificate)
            {
                basic.Security.Transport.ClientCredentialType = HttpClientCredentialType.Certificate;
            }

            limits.ToReaderQuotas().CopyTo(basic.ReaderQuotas);
            return basic;
        }

        var encoding = CreateEncodingElement(limits);
        var transport = secure ? new HttpsTransportBindingElement { RequireClientCertificate = clientCertificate } : new HttpTransportBindingElement();
        transport.MaxReceivedMessageSize = limits.MaxMessageSize;
        transport.MaxBufferSize = limits.MaxMessageSize;
        return new CustomBinding(encoding, transport) { Name = Name };
    }

    /// <summary>
    /// The System.ServiceModel binding a WCF client with TransferMode.Streamed uses on this binding (HTTP in text or msbin1; netTcp: NetTcpBinding streamed, SecurityMode.None):
    /// requests and replies of any size as streams (MaxReceivedMessageSize long.MaxValue), headers up to
    /// <paramref name="maxHeadersSize"/> buffered, <paramref name="limits"/>' reader quotas.
    /// </summary>
    public Binding CreateStreamedClientBinding(WireLimits limits, int maxHeadersSize = 64 * 1024)
    {
        ArgumentNullException.ThrowIfNull(limits);
        if (IsMtom)
        {
            throw new NotSupportedException($"Streamed transfer is built for text and msbin1, not for {this}.");
        }

        if (IsSession)
        {
            // Streamed net.tcp: the singleton-unsized mode, one msbin1 message (no session dictionary) a connection.
            var tcp = new NetTcpBinding(SecurityMode.None)
            {
                TransferMode = TransferMode.Streamed,
                MaxReceivedMessageSize = long.MaxValue,
                MaxBufferSize = maxHeadersSize,
            };
            limits.ToReaderQuotas().CopyTo(tcp.ReaderQuotas);
            return tcp;
        }

        if (!UsesAddressing)
        {
            var basic = new BasicHttpBinding
            {
                TransferMode = TransferMode.Streamed,
                MaxReceivedMessageSize = long.MaxValue,
                MaxBufferSize = maxHeadersSize,
            };
            limits.ToReaderQuotas().CopyTo(basic.ReaderQuotas);
            return basic;
        }

        var transport = new HttpTransportBindingElement
        {
            TransferMode = TransferMode.Streamed,
            MaxReceivedMessageSize = long.MaxValue,
            MaxBufferSize = maxHeadersSize,
        };
        return new CustomBinding(CreateEncodingElement(limits), transport) { Name = Name };
    }

    /// <summary>
    /// WCF's encoding binding element for this binding (text, msbin1 or MTOM, in its message version) with
    /// <paramref name="limits"/>' reader quotas. WCF's encoders pool their XML readers and writers; the binary and MTOM
    /// ones let the pool be sized for a router's concurrency (the text one's pool size is not part of the client
    /// library's public surface). MTOM's MaxBufferSize bounds the MIME parts it holds while reading (64 KB by default),
    /// so it follows the message size limit.
    /// </summary>
    private MessageEncodingBindingElement CreateEncodingElement(WireLimits limits)
    {
        if (IsMtom)
        {
            var mtom = new MtomMessageEncodingBindingElement(MessageVersion, new UTF8Encoding(false))
            {
                MaxBufferSize = limits.MaxMessageSize,
                MaxReadPoolSize = 256,
                MaxWritePoolSize = 256,
            };
            limits.ToReaderQuotas().CopyTo(mtom.ReaderQuotas);
            return mtom;
        }

        if (IsBinary)
        {
            var binary = new BinaryMessageEncodingBindingElement
            {
                MessageVersion = MessageVersion,
                MaxReadPoolSize = 256,
                MaxWritePoolSize = 256,
            };
            limits.ToReaderQuotas().CopyTo(binary.ReaderQuotas);
            return binary;
        }

        var text = new TextMessageEncodingBindingElement(MessageVersion, new UTF8Encoding(false));
        limits.ToReaderQuotas().CopyTo(text.ReaderQuotas);
        return text;
    }

    /// <inheritdoc />
    public override string ToString() =>
        IsMtom ? $"{Name} ({Encoding})" : Addressing == WireAddressingNames.August2004 ? $"{Name} ({Addressing})" : Name;
}
