using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Routing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Reencoding;

/// <summary>
/// The namespace declarations a received body sees from its Envelope and Body start tags, but the SOAP envelope
/// namespace's own: collected once per message and declared on each top-level body element written into a new
/// envelope. A QName in text (<c>&lt;type&gt;ns:Thing&lt;/type&gt;</c>, a faultcode-like value) may use any of them and
/// a schema-unaware copier cannot tell which text is one, so all of them go. Null where there are none.
/// </summary>
internal sealed class EnvelopeNamespaces
{
    private const string XmlnsNamespace = "http://www.w3.org/2000/xmlns/";

    private readonly string _envelopeNamespace;
    // Made on the first declaration to keep: most messages have none beyond the envelope's.
    private List<(string Prefix, string Namespace)>? _declared;

    private EnvelopeNamespaces(string envelopeNamespace) => _envelopeNamespace = envelopeNamespace;

    /// <summary>
    /// The declarations on <paramref name="source"/>'s Envelope and Body (WCF's received messages write the start tags
    /// they read), or null when there are none; call it before the body is read.
    /// </summary>
    public static EnvelopeNamespaces? Of(Message source)
    {
        ArgumentNullException.ThrowIfNull(source);
        var envelope = source.Version.Envelope;
        if (envelope == EnvelopeVersion.None)
        {
            return null;
        }

        var collected = new EnvelopeNamespaces(envelope == EnvelopeVersion.Soap12 ? SoapNamespaces.Soap12Envelope : SoapNamespaces.Soap11Envelope);
        using (var recorder = new NamespaceDeclarationRecorder(collected))
        {
            source.WriteStartEnvelope(recorder);
            source.WriteStartBody(recorder);
        }

        return collected.OrNull();
    }

    /// <summary>
    /// The declarations on the Envelope and Body of the envelope in <paramref name="envelope"/>'s bytes, read with one
    /// pooled reader up to the Body start tag (WCF's buffered message would open a new reader for each start tag), or null
    /// when there are none.
    /// </summary>
    public static EnvelopeNamespaces? Of(SoapBodySource envelope)
    {
        using var reader = envelope.Open();
        if (reader.MoveToContent() != XmlNodeType.Element)
        {
            return null;
        }

        var envelopeNamespace = reader.NamespaceURI;
        var collected = FromEnvelope(reader);
        reader.Read();
        if (reader.MoveToContent() == XmlNodeType.Element && reader.LocalName == "Header" && reader.NamespaceURI == envelopeNamespace)
        {
            reader.Skip();
            reader.MoveToContent();
        }

        // The reader is on the Body start tag.
        collected.Add(reader);
        return collected.OrNull();
    }

    /// <summary>Collects from the Envelope start tag <paramref name="envelope"/> is on; <see cref="Add"/> the Body's next.</summary>
    public static EnvelopeNamespaces FromEnvelope(XmlReader envelope)
    {
        ArgumentNullException.ThrowIfNull(envelope);
        var collected = new EnvelopeNamespaces(envelope.NamespaceURI);
        collected.Add(envelope);
        return collected;
    }

    /// <summary>Adds the declarations of the start tag <paramref name="reader"/> is on (the Body's after the Envelope's: inner ones win).</summary>
    public void Add(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        if (!reader.MoveToFirstAttribute())
        {
            return;
        }

        do
        {
            if (reader.NamespaceURI == XmlnsNamespace)
            {
                Declare(reader.Prefix.Length == 0 ? string.Empty : reader.LocalName, reader.Value);
            }
        }
        while (reader.MoveToNextAttribute());
        reader.MoveToElement();
    }

    /// <summary>This, or null when it holds nothing to declare.</summary>
    public EnvelopeNamespaces? OrNull() => _declared is { Count: > 0 } ? this : null;

    /// <summary>Records <c>xmlns:<paramref name="prefix"/>="<paramref name="ns"/>"</c> (prefix empty: the default namespace).</summary>
    public void Declare(string prefix, string ns)
    {
        var at = IndexOf(prefix);
        if (at >= 0)
        {
            _declared!.RemoveAt(at);
        }

        // The old envelope's own namespace has no place in the new envelope, nor WS-Addressing's, whose headers the
        // router writes itself (WCF declares a: on the Envelope); xmlns="" undeclares; xml is always bound.
        if (ns.Length > 0 && ns != _envelopeNamespace && !IsAddressing(ns) && prefix is not ("xml" or "xmlns"))
        {
            (_declared ??= new List<(string Prefix, string Namespace)>(4)).Add((prefix, ns));
        }
    }

    private static bool IsAddressing(string ns) => ns is SoapNamespaces.Addressing10 or SoapNamespaces.Addressing200408 or SoapNamespaces.AddressingNone;

    /// <summary>
    /// Declares on the element just started in <paramref name="writer"/> (copied from the element <paramref name="reader"/>
    /// is on, whose attributes are written next) every collected declaration the element does not make itself and the
    /// writer does not already have.
    /// </summary>
    public void DeclareOn(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(writer);
        if (_declared is null)
        {
            return;
        }

        var elementPrefix = reader.Prefix;
        foreach (var (prefix, ns) in _declared)
        {
            // The element's own prefix is declared with its name (the writer does it); one it declares itself comes with its attributes.
            if (prefix == elementPrefix
                || reader.GetAttribute(prefix.Length == 0 ? "xmlns" : prefix, XmlnsNamespace) is not null
                || writer.LookupPrefix(ns) == prefix)
            {
                continue;
            }

            writer.WriteXmlnsAttribute(prefix, ns);
        }
    }

    private int IndexOf(string prefix)
    {
        for (var i = 0; _declared is not null && i < _declared.Count; i++)
        {
            if (_declared[i].Prefix == prefix)
            {
                return i;
            }
        }

        return -1;
    }
}
