using System.Net;
using System.ServiceModel.Channels;
using System.Xml;
using System.Xml.Linq;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub;

/// <summary>A reply received from the stub (or from the router in front of it), with readers for its envelope.</summary>
/// <param name="Binding">The binding the reply is encoded in.</param>
/// <param name="StatusCode">HTTP status.</param>
/// <param name="ContentType">The Content-Type header, or null.</param>
/// <param name="Body">The raw body.</param>
internal sealed record StubReply(WireBinding Binding, HttpStatusCode StatusCode, string? ContentType, byte[] Body)
{
    private static readonly XNamespace Wsa = SoapNamespaces.Addressing10;

    /// <summary>The reply read by the binding's WCF codec; dispose it.</summary>
    public Message Read() => StubCodecs.For(Binding).Read(new ArraySegment<byte>(Body), ContentType);

    /// <summary>The envelope as a document (binary bodies decoded by WCF's binary encoder, so dictionary strings are resolved).</summary>
    public XDocument Envelope()
    {
        using var message = Read();
        var document = new XDocument();
        using (var writer = XmlDictionaryWriter.CreateDictionaryWriter(document.CreateWriter()))
        {
            message.WriteMessage(writer);
        }

        return document;
    }

    /// <summary>The value of WS-Addressing header <paramref name="localName"/> (Action, RelatesTo, ...), or null.</summary>
    public string? AddressingHeader(string localName) =>
        Envelope().Root?.Element(XName.Get("Header", Binding.EnvelopeNamespace))?.Element(Wsa + localName)?.Value;

    /// <summary>The Echo reply's payload.</summary>
    public EchoPayload? ReadEcho() => ReadBody(OperationMessages.EchoResponse);

    /// <summary>The GetOrders reply's orders.</summary>
    public Order[]? ReadOrders() => ReadBody(OperationMessages.GetOrdersResponse);

    /// <summary>The fault in the body, in the shape of the binding's SOAP version.</summary>
    public StubFault ReadFault()
    {
        var envelopeNs = (XNamespace)Binding.EnvelopeNamespace;
        var fault = Envelope().Root?.Element(envelopeNs + "Body")?.Element(envelopeNs + "Fault")
            ?? throw new InvalidOperationException("The reply is not a fault.");
        if (!Binding.IsSoap12)
        {
            var faultCode = fault.Element("faultcode")!;
            var (name, ns) = QName(faultCode, faultCode.Value);
            var predefined = ns == SoapNamespaces.Soap11Envelope && name is "Client" or "Server";
            return new StubFault(name != "Server", predefined ? null : name, predefined ? null : ns, fault.Element("faultstring")!.Value);
        }

        var code = fault.Element(envelopeNs + "Code")!;
        var value = code.Element(envelopeNs + "Value")!;
        var subValue = code.Element(envelopeNs + "Subcode")?.Element(envelopeNs + "Value");
        var sub = subValue is null ? ((string?)null, (string?)null) : QName(subValue, subValue.Value);
        return new StubFault(
            QName(value, value.Value).Name == "Sender",
            sub.Item1,
            sub.Item2,
            fault.Element(envelopeNs + "Reason")!.Element(envelopeNs + "Text")!.Value);
    }

    private T? ReadBody<T>(WrappedElement<T> shape)
    {
        using var message = Read();
        using var reader = message.GetReaderAtBodyContents();
        return shape.Read(reader);
    }

    /// <summary>The local name and namespace of a QName written as text in <paramref name="element"/>.</summary>
    private static (string Name, string? Namespace) QName(XElement element, string qname)
    {
        var colon = qname.IndexOf(':', StringComparison.Ordinal);
        var prefix = colon < 0 ? string.Empty : qname[..colon];
        var ns = prefix.Length == 0 ? element.GetDefaultNamespace() : element.GetNamespaceOfPrefix(prefix);
        return (qname[(colon + 1)..], ns?.NamespaceName);
    }
}
