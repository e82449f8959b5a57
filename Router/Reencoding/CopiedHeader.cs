using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Reencoding;

/// <summary>
/// One header of a received message, written into a message of another SOAP version: the element, its own attributes
/// and content as they came, and the SOAP attributes (mustUnderstand, actor/role, relay) in the target version. WCF's
/// <see cref="MessageHeaders.CopyHeaderFrom(MessageHeaders, int)"/> refuses to cross versions, hence this. It reads
/// the source message's buffer when written, so the source must stay open until then.
/// </summary>
internal sealed class CopiedHeader : MessageHeader
{
    private readonly MessageHeaders _source;
    private readonly int _index;
    private readonly string _sourceEnvelopeNamespace;

    /// <summary>Copies header <paramref name="index"/> of <paramref name="source"/>; <paramref name="targetIsSoap12"/> picks the actor mapping.</summary>
    public CopiedHeader(MessageHeaders source, int index, bool targetIsSoap12)
    {
        var info = source[index];
        _source = source;
        _index = index;
        _sourceEnvelopeNamespace = source.MessageVersion.Envelope == System.ServiceModel.EnvelopeVersion.Soap12
            ? SoapNamespaces.Soap12Envelope
            : SoapNamespaces.Soap11Envelope;
        Name = info.Name;
        Namespace = info.Namespace;
        MustUnderstand = info.MustUnderstand;
        Relay = targetIsSoap12 && info.Relay;
        Actor = MapActor(info.Actor, targetIsSoap12);
    }

    /// <inheritdoc />
    public override string Name { get; }

    /// <inheritdoc />
    public override string Namespace { get; }

    /// <inheritdoc />
    public override bool MustUnderstand { get; }

    /// <inheritdoc />
    public override bool Relay { get; }

    /// <inheritdoc />
    public override string Actor { get; }

    /// <inheritdoc />
    protected override void OnWriteStartHeader(XmlDictionaryWriter writer, MessageVersion messageVersion)
    {
        ArgumentNullException.ThrowIfNull(writer);
        using var reader = _source.GetReaderAtHeader(_index);
        writer.WriteStartElement(reader.Prefix, reader.LocalName, reader.NamespaceURI);
        if (reader.MoveToFirstAttribute())
        {
            do
            {
                // The source version's SOAP attributes are written again below, in the target version's words.
                if (!string.Equals(reader.NamespaceURI, _sourceEnvelopeNamespace, StringComparison.Ordinal))
                {
                    writer.WriteAttributeString(reader.Prefix, reader.LocalName, reader.NamespaceURI, reader.Value);
                }
            }
            while (reader.MoveToNextAttribute());
        }

        WriteHeaderAttributes(writer, messageVersion);
    }

    /// <inheritdoc />
    protected override void OnWriteHeaderContents(XmlDictionaryWriter writer, MessageVersion messageVersion)
    {
        ArgumentNullException.ThrowIfNull(writer);
        using var reader = _source.GetReaderAtHeader(_index);
        if (reader.IsEmptyElement)
        {
            return;
        }

        reader.ReadStartElement();
        while (reader.NodeType != XmlNodeType.EndElement && !reader.EOF)
        {
            writer.WriteNode(reader, defattr: false);
        }
    }

    /// <summary>SOAP 1.1's "next" actor and SOAP 1.2's "next" role name the same thing; other actors pass as they are.</summary>
    private static string MapActor(string actor, bool targetIsSoap12)
    {
        if (targetIsSoap12 && actor == SoapNamespaces.Soap11NextActor)
        {
            return SoapNamespaces.Soap12NextRole;
        }

        if (!targetIsSoap12 && actor == SoapNamespaces.Soap12NextRole)
        {
            return SoapNamespaces.Soap11NextActor;
        }

        // SOAP 1.2's ultimateReceiver role is the absence of an actor in SOAP 1.1.
        return !targetIsSoap12 && actor == SoapNamespaces.Soap12Envelope + "/role/ultimateReceiver" ? string.Empty : actor;
    }
}
