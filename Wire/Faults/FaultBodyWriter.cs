using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Wire.Faults;

/// <summary>
/// Writes a SOAP Fault element in the shape of one envelope version: SOAP 1.2's Code/Value/Subcode, Reason/Text, Node,
/// Role and Detail, or SOAP 1.1's faultcode, faultstring, faultactor and detail. Codes map between the versions:
/// Sender/Client, Receiver/Server; a SOAP 1.2 subcode becomes the SOAP 1.1 faultcode (as WCF writes its own
/// faults on basicHttp), and a SOAP 1.1 faultcode that is not predefined becomes a Sender fault with it as subcode.
/// </summary>
public sealed class FaultBodyWriter : BodyWriter
{
    private readonly EnvelopeVersion _envelope;
    private readonly FaultCode _code;
    private readonly IReadOnlyList<FaultReasonText> _reasons;
    private readonly MessageFault? _detailSource;
    private readonly string? _actor;
    private readonly string? _node;

    /// <summary>
    /// A fault for <paramref name="envelope"/>. The detail, if any, is copied from <paramref name="detailSource"/>, which
    /// must stay readable until the message is written.
    /// </summary>
    public FaultBodyWriter(
        EnvelopeVersion envelope,
        FaultCode code,
        IReadOnlyList<FaultReasonText> reasons,
        MessageFault? detailSource = null,
        string? actor = null,
        string? node = null)
        : base(isBuffered: true)
    {
        ArgumentNullException.ThrowIfNull(envelope);
        ArgumentNullException.ThrowIfNull(code);
        ArgumentNullException.ThrowIfNull(reasons);
        _envelope = envelope;
        _code = code;
        _reasons = reasons.Count > 0 ? reasons : [new FaultReasonText(string.Empty, SoapFaultMessages.ReasonLanguage)];
        _detailSource = detailSource is { HasDetail: true } ? detailSource : null;
        _actor = string.IsNullOrEmpty(actor) ? null : actor;
        _node = string.IsNullOrEmpty(node) ? null : node;
    }

    /// <summary>The same fault as <paramref name="fault"/>, detail included, for <paramref name="envelope"/>.</summary>
    public static FaultBodyWriter From(MessageFault fault, EnvelopeVersion envelope)
    {
        ArgumentNullException.ThrowIfNull(fault);
        // The client library exposes one translation of a reason: the one matching this thread's culture, else the first.
        return new FaultBodyWriter(envelope, fault.Code, [fault.Reason.GetMatchingTranslation()], fault, fault.Actor, fault.Node);
    }

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        if (_envelope == EnvelopeVersion.Soap12)
        {
            WriteSoap12(writer);
        }
        else
        {
            WriteSoap11(writer);
        }
    }

    private void WriteSoap12(XmlDictionaryWriter writer)
    {
        const string S = SoapNamespaces.Soap12Envelope;
        writer.WriteStartElement("s", "Fault", S);
        writer.WriteStartElement("s", "Code", S);
        var (top, subcode) = Soap12Code(_code);
        writer.WriteStartElement("s", "Value", S);
        writer.WriteString("s:" + top);
        writer.WriteEndElement();
        WriteSubcodes(writer, subcode);
        writer.WriteEndElement();

        writer.WriteStartElement("s", "Reason", S);
        foreach (var reason in _reasons)
        {
            writer.WriteStartElement("s", "Text", S);
            writer.WriteAttributeString("xml", "lang", null, reason.XmlLang ?? string.Empty);
            writer.WriteString(SoapFaultMessages.SafeText(reason.Text ?? string.Empty));
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
        if (_node is not null)
        {
            writer.WriteElementString("s", "Node", S, _node);
        }

        if (_actor is not null)
        {
            writer.WriteElementString("s", "Role", S, _actor);
        }

        if (_detailSource is not null)
        {
            writer.WriteStartElement("s", "Detail", S);
            WriteDetailContents(writer);
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private static void WriteSubcodes(XmlDictionaryWriter writer, FaultCode? subcode)
    {
        const string S = SoapNamespaces.Soap12Envelope;
        var depth = 0;
        for (var code = subcode; code is not null; code = code.SubCode)
        {
            writer.WriteStartElement("s", "Subcode", S);
            writer.WriteStartElement("s", "Value", S);
            WriteQualifiedName(writer, code.Name, code.Namespace);
            writer.WriteEndElement();
            depth++;
        }

        for (var i = 0; i < depth; i++)
        {
            writer.WriteEndElement();
        }
    }

    private void WriteSoap11(XmlDictionaryWriter writer)
    {
        writer.WriteStartElement("s", "Fault", SoapNamespaces.Soap11Envelope);

        // SOAP 1.1 fault children are unqualified.
        writer.WriteStartElement("faultcode", string.Empty);
        var (name, ns) = Soap11Code(_code);
        WriteQualifiedName(writer, name, ns);
        writer.WriteEndElement();
        var reason = _reasons[0];
        writer.WriteStartElement("faultstring", string.Empty);
        if (!string.IsNullOrEmpty(reason.XmlLang))
        {
            writer.WriteAttributeString("xml", "lang", null, reason.XmlLang);
        }

        writer.WriteString(SoapFaultMessages.SafeText(reason.Text ?? string.Empty));
        writer.WriteEndElement();
        if (_actor is not null)
        {
            writer.WriteElementString("faultactor", string.Empty, _actor);
        }

        if (_detailSource is not null)
        {
            writer.WriteStartElement("detail", string.Empty);
            WriteDetailContents(writer);
            writer.WriteEndElement();
        }

        writer.WriteEndElement();
    }

    private void WriteDetailContents(XmlDictionaryWriter writer)
    {
        using var reader = _detailSource!.GetReaderAtDetailContents();
        while (reader.NodeType != XmlNodeType.EndElement && !reader.EOF)
        {
            writer.WriteNode(reader, defattr: false);
        }
    }

    /// <summary>The SOAP 1.2 top-level code (Sender, Receiver, ...) and the subcode chain under it.</summary>
    private static (string Top, FaultCode? Subcode) Soap12Code(FaultCode code)
    {
        if (IsEnvelopeCode(code))
        {
            var top = code.Name switch
            {
                "Client" => "Sender",
                "Server" => "Receiver",
                _ => code.Name,
            };
            return (top, code.SubCode);
        }

        // A SOAP 1.1 application code (WCF's a:ActionNotSupported, say): SOAP 1.2 only allows the five envelope codes
        // at the top, and such codes name something wrong with the request.
        return ("Sender", code);
    }

    /// <summary>The SOAP 1.1 faultcode: the innermost subcode when there is one, else Client/Server for the envelope codes.</summary>
    private static (string Name, string Namespace) Soap11Code(FaultCode code)
    {
        if (!IsEnvelopeCode(code))
        {
            return (code.Name, code.Namespace);
        }

        if (code.SubCode is not null)
        {
            var innermost = code.SubCode;
            while (innermost.SubCode is not null)
            {
                innermost = innermost.SubCode;
            }

            return (innermost.Name, innermost.Namespace);
        }

        var name = code.Name switch
        {
            "Sender" => "Client",
            "Receiver" => "Server",
            _ => code.Name,
        };
        return (name, SoapNamespaces.Soap11Envelope);
    }

    private static bool IsEnvelopeCode(FaultCode code) =>
        code.Namespace.Length == 0
        || code.Namespace == SoapNamespaces.Soap11Envelope
        || code.Namespace == SoapNamespaces.Soap12Envelope;

    private static void WriteQualifiedName(XmlDictionaryWriter writer, string name, string ns)
    {
        if (ns == SoapNamespaces.Soap11Envelope || ns == SoapNamespaces.Soap12Envelope)
        {
            // The envelope's own prefix is in scope.
            writer.WriteString("s:" + name);
            return;
        }

        if (ns.Length == 0)
        {
            writer.WriteString(name);
            return;
        }

        writer.WriteXmlnsAttribute("a", ns);
        writer.WriteString("a:" + name);
    }
}
