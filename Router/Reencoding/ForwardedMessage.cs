using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Routing;

namespace SoapRouter.Reencoding;

/// <summary>
/// A received message to be written in another encoding of the same version: its own headers (edited in place, e.g.
/// To) and its body copied by <see cref="BodyCopier"/> when written. Copying the headers into a new message instead
/// (<see cref="MessageHeaders.CopyHeadersFrom(Message)"/>) captured each one into a buffer of its own through a reader
/// and a writer, 11% of the re-encode path's CPU at 1 KB. With the <paramref name="envelope"/> the source was read from
/// (text or msbin1: a client's request, a destination's reply), the whole message is written in one pass of one pooled
/// reader over those bytes: each header still as received (WCF would open two new readers per header to write it), the
/// Envelope's and Body's declarations taken on the way (WCF would open two more), and the body, while headers added or
/// replaced since (To, MessageID, RelatesTo, a trace header) are written by WCF. The source must stay open until this
/// is written; whoever owns the source closes it.
/// </summary>
internal sealed class ForwardedMessage : Message
{
    private readonly Message _source;
    private readonly SoapBodySource _envelope;
    private readonly MessageProperties _properties = new();

    // The source's headers as read, by position: one still at the same object in Headers is unedited and can be written
    // from the envelope's bytes. A removal makes WCF capture every header anew (new objects): then WCF writes them all.
    private readonly MessageHeaderInfo[]? _received;

    /// <summary>Wraps <paramref name="source"/>; <paramref name="envelope"/>: the envelope it was read from, if it can be read again.</summary>
    public ForwardedMessage(Message source, SoapBodySource envelope = default)
    {
        _source = source;
        if (envelope.CanOpen && source.Version.Envelope != EnvelopeVersion.None)
        {
            _envelope = envelope;
            var headers = source.Headers;
            _received = new MessageHeaderInfo[headers.Count];
            for (var i = 0; i < _received.Length; i++)
            {
                _received[i] = headers[i];
            }
        }
    }

    /// <inheritdoc />
    public override MessageHeaders Headers => _source.Headers;

    /// <inheritdoc />
    public override MessageProperties Properties => _properties;

    /// <inheritdoc />
    public override MessageVersion Version => _source.Version;

    /// <inheritdoc />
    public override bool IsEmpty => _source.IsEmpty;

    /// <inheritdoc />
    public override bool IsFault => _source.IsFault;

    /// <inheritdoc />
    protected override void OnWriteMessage(XmlDictionaryWriter writer)
    {
        if (_received is null)
        {
            base.OnWriteMessage(writer);
            return;
        }

        using var reader = _envelope.Open();
        var envelopeNamespace = reader.MoveToContent() == XmlNodeType.Element ? reader.NamespaceURI : string.Empty;

        // WCF's Envelope (written here) does not carry the received one's declarations: the body's top-level elements do.
        var envelopeNamespaces = EnvelopeNamespaces.FromEnvelope(reader);
        WriteStartEnvelope(writer);
        reader.Read();
        var onHeaders = reader.MoveToContent() == XmlNodeType.Element && reader.LocalName == "Header" && reader.NamespaceURI == envelopeNamespace;
        if (onHeaders)
        {
            var emptyHeader = reader.IsEmptyElement;
            reader.Read();
            reader.MoveToContent();
            onHeaders = !emptyHeader;
        }

        var headers = Headers;
        if (headers.Count > 0)
        {
            OnWriteStartHeaders(writer);
            var next = 0;
            for (var i = 0; i < headers.Count; i++)
            {
                var received = onHeaders ? ReceivedIndex(headers[i], next) : -1;
                if (received < 0)
                {
                    headers.WriteHeader(i, writer);
                    continue;
                }

                for (; next < received; next++)
                {
                    reader.Skip();
                    reader.MoveToContent();
                }

                BodyCopier.CopyElement(reader, writer);
                reader.MoveToContent();
                next++;
            }

            writer.WriteEndElement();
        }

        if (onHeaders)
        {
            while (reader.NodeType == XmlNodeType.Element)
            {
                reader.Skip();
                reader.MoveToContent();
            }

            reader.ReadEndElement();
            reader.MoveToContent();
        }

        // The reader is on the Body start tag.
        OnWriteStartBody(writer);
        if (!reader.IsEmptyElement)
        {
            envelopeNamespaces.Add(reader);
            reader.Read();
            BodyCopier.CopyBodyContents(reader, writer, envelopeNamespaces.OrNull());
        }

        writer.WriteEndElement();
        writer.WriteEndElement();
    }

    /// <inheritdoc />
    protected override void OnWriteBodyContents(XmlDictionaryWriter writer)
    {
        // Only without bytes to read again (a session's message): WCF's message is opened again for the declarations.
        var envelopeNamespaces = EnvelopeNamespaces.Of(_source);
        using var reader = _source.GetReaderAtBodyContents();
        BodyCopier.CopyBodyContents(reader, writer, envelopeNamespaces);
    }

    /// <inheritdoc />
    protected override void OnClose()
    {
        _properties.Dispose();
        base.OnClose();
    }

    /// <summary>Where <paramref name="header"/> was among the received headers (from <paramref name="from"/> on), or -1 when it is not one of them.</summary>
    private int ReceivedIndex(MessageHeaderInfo header, int from)
    {
        for (var j = from; j < _received!.Length; j++)
        {
            if (ReferenceEquals(_received[j], header))
            {
                return j;
            }
        }

        return -1;
    }
}
