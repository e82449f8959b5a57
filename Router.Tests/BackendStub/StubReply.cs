using System.Net;
using System.Xml.Linq;
using Samples.Contracts;
using BackendStub.Soap;

namespace SoapRouter.Tests.BackendStub;

/// <summary>A reply received from the stub (or from the router in front of it), with readers for its envelope.</summary>
/// <param name="Binding">The binding the reply is encoded in.</param>
/// <param name="StatusCode">HTTP status.</param>
/// <param name="ContentType">The Content-Type header, or null.</param>
/// <param name="Body">The raw body.</param>
internal sealed record StubReply(SoapBinding Binding, HttpStatusCode StatusCode, string? ContentType, byte[] Body)
{
    private static readonly XNamespace Wsa = SoapNamespaces.Addressing10;

    /// <summary>The envelope as a document (binary bodies decoded without a dictionary).</summary>
    public XDocument Envelope()
    {
        using var reader = SoapEnvelopeReader.CreateReader(Binding, Body);
        return XDocument.Load(reader);
    }

    /// <summary>The value of WS-Addressing header <paramref name="localName"/> (Action, RelatesTo, ...), or null.</summary>
    public string? AddressingHeader(string localName) =>
        Envelope().Root?.Element(XName.Get("Header", SoapBindings.EnvelopeNamespace(Binding)))?.Element(Wsa + localName)?.Value;

    /// <summary>The Echo reply's payload.</summary>
    public EchoPayload? ReadEcho() => ReadBody(OperationMessages.EchoResponse);

    /// <summary>The GetOrders reply's orders.</summary>
    public Order[]? ReadOrders() => ReadBody(OperationMessages.GetOrdersResponse);

    /// <summary>The fault in the body: code (Sender/Receiver), subcode local name (or null) and reason.</summary>
    public (SoapFaultCode Code, string? Subcode, string Reason) ReadFault()
    {
        var envelopeNs = (XNamespace)SoapBindings.EnvelopeNamespace(Binding);
        var fault = Envelope().Root?.Element(envelopeNs + "Body")?.Element(envelopeNs + "Fault")
            ?? throw new InvalidOperationException("The reply is not a fault.");
        if (Binding == SoapBinding.BasicHttp)
        {
            var faultCode = LocalPart(fault.Element("faultcode")!.Value);
            var code = faultCode is "Server" ? SoapFaultCode.Receiver : SoapFaultCode.Sender;
            var subcode = faultCode is "Client" or "Server" ? null : faultCode;
            return (code, subcode, fault.Element("faultstring")!.Value);
        }

        var codeElement = fault.Element(envelopeNs + "Code")!;
        var value = LocalPart(codeElement.Element(envelopeNs + "Value")!.Value);
        var sub = codeElement.Element(envelopeNs + "Subcode")?.Element(envelopeNs + "Value")?.Value;
        return (
            value == "Receiver" ? SoapFaultCode.Receiver : SoapFaultCode.Sender,
            sub is null ? null : LocalPart(sub),
            fault.Element(envelopeNs + "Reason")!.Element(envelopeNs + "Text")!.Value);
    }

    private T? ReadBody<T>(WrappedElement<T> shape)
    {
        using var reader = SoapEnvelopeReader.CreateReader(Binding, Body);
        _ = SoapEnvelopeReader.ReadToBody(reader, Binding, out var error) ?? throw new InvalidOperationException(error);
        return shape.Read(reader);
    }

    private static string LocalPart(string qname) => qname[(qname.IndexOf(':', StringComparison.Ordinal) + 1)..];
}
