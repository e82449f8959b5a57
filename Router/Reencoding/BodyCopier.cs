using System.Buffers;
using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>
/// Copies a message body from one encoding's reader to another's writer. Unlike <see cref="XmlWriter.WriteNode(XmlReader, bool)"/>,
/// which makes one string of every text node (a 150 KB payload: 300 KB of UTF-16 per copy), text is moved in chunks
/// through a pooled buffer, so re-encoding a large message costs about what reading and writing it costs. A prefix that
/// an attribute value uses (<c>xsi:type="p:T"</c>) and that was declared outside the body (on the Envelope, which the
/// new message does not have) is declared on the element: the writer declares only the prefixes names use. A QName in
/// text content cannot be told from text, so the caller hands in every declaration the body saw on the received
/// Envelope and Body (<see cref="EnvelopeNamespaces"/>) and each top-level body element gets them.
/// </summary>
internal static class BodyCopier
{
    private const int ChunkChars = 8192;
    private const int ChunkBytes = 6144;

    // Characters a value's text before its first ':' cannot have if it is a prefix ("http://..." has none of them, but resolves to nothing).
    private static readonly System.Buffers.SearchValues<char> NotInPrefix = System.Buffers.SearchValues.Create(" /\t\r\n<>\"'=");

    // What the text writer may write as an entity in element text (control chars, markup, quotes, U+FFFE and U+FFFF), and more.
    private static readonly SearchValues<char> EscapedInText = SearchValues.Create(
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F" +
        "<>&\"'\uFFFE\uFFFF");

    /// <summary>Copies the body as <see cref="CopyBodyContents(XmlDictionaryReader, XmlDictionaryWriter, EnvelopeNamespaces?)"/> does, declaring nothing more.</summary>
    public static void CopyBodyContents(XmlDictionaryReader reader, XmlDictionaryWriter writer) => CopyBodyContents(reader, writer, null);

    /// <summary>
    /// Copies from the body's first content node (where <c>GetReaderAtBodyContents</c> leaves the reader) up to the Body
    /// end tag, which is not copied. <paramref name="envelopeNamespaces"/>: the received Envelope's and Body's
    /// declarations, declared on each top-level element, where the new envelope does not carry them.
    /// </summary>
    public static void CopyBodyContents(XmlDictionaryReader reader, XmlDictionaryWriter writer, EnvelopeNamespaces? envelopeNamespaces)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(writer);
        if (reader.NodeType == XmlNodeType.EndElement || reader.EOF)
        {
            return;
        }

        var startDepth = reader.Depth;
        var chunk = ArrayPool<char>.Shared.Rent(ChunkChars);
        try
        {
            while (!reader.EOF && !(reader.NodeType == XmlNodeType.EndElement && reader.Depth < startDepth))
            {
                CopyNode(reader, writer, chunk, reader.Depth == startDepth ? envelopeNamespaces : null);
            }
        }
        finally
        {
            ArrayPool<char>.Shared.Return(chunk);
        }
    }

    /// <summary>
    /// Copies the element the reader is on (a header), its content and end tag, and leaves the reader on the node after
    /// it; prefixes its attribute values use are declared as in <see cref="CopyBodyContents"/>.
    /// </summary>
    public static void CopyElement(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(writer);
        var depth = reader.Depth;
        var empty = reader.IsEmptyElement;
        var chunk = ArrayPool<char>.Shared.Rent(ChunkChars);
        try
        {
            CopyNode(reader, writer, chunk);
            if (empty)
            {
                return;
            }

            while (!reader.EOF && !(reader.NodeType == XmlNodeType.EndElement && reader.Depth == depth))
            {
                CopyNode(reader, writer, chunk);
            }

            CopyNode(reader, writer, chunk);
        }
        finally
        {
            ArrayPool<char>.Shared.Return(chunk);
        }
    }

    /// <summary>
    /// Writes the node the reader is on and moves the reader past it. An element whose attribute values name a prefix
    /// (a QName such as xsi:type="p:T") that the reader resolves and the writer does not bind the same way gets that
    /// declaration first: it came from outside the element (the Envelope), and the new envelope does not have it. A
    /// top-level body element also gets <paramref name="envelopeNamespaces"/>.
    /// </summary>
    private static void CopyNode(XmlDictionaryReader reader, XmlDictionaryWriter writer, char[] chunk, EnvelopeNamespaces? envelopeNamespaces = null)
    {
        switch (reader.NodeType)
        {
            case XmlNodeType.Element:
                writer.WriteStartElement(reader.Prefix, reader.LocalName, reader.NamespaceURI);
                envelopeNamespaces?.DeclareOn(reader, writer);
                if (reader.HasAttributes)
                {
                    DeclareValuePrefixes(reader, writer);
                }

                writer.WriteAttributes(reader, defattr: false);
                if (reader.IsEmptyElement)
                {
                    writer.WriteEndElement();
                }

                break;
            case XmlNodeType.EndElement:
                writer.WriteFullEndElement();
                break;
            case XmlNodeType.Text:
            case XmlNodeType.Whitespace:
            case XmlNodeType.SignificantWhitespace:
                CopyText(reader, writer, chunk);
                break;
            case XmlNodeType.CDATA:
                writer.WriteCData(reader.Value);
                break;
            case XmlNodeType.Comment:
                writer.WriteComment(reader.Value);
                break;

                // Declarations, DTDs and processing instructions have no place in a SOAP body (WCF's readers refuse them).
        }

        reader.Read();
    }

    /// <summary>Declares on the element just started the prefixes its attribute values use that the writer does not bind as the reader does.</summary>
    private static void DeclareValuePrefixes(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        for (var i = 0; i < reader.AttributeCount; i++)
        {
            reader.MoveToAttribute(i);
            if (reader.Prefix == "xmlns" || (reader.Prefix.Length == 0 && reader.LocalName == "xmlns"))
            {
                continue;
            }

            var value = reader.Value;
            var colon = value.IndexOf(':', StringComparison.Ordinal);
            if (colon <= 0 || colon == value.Length - 1 || value.AsSpan(0, colon).ContainsAny(NotInPrefix))
            {
                continue;
            }

            var prefix = value[..colon];
            if (reader.LookupNamespace(prefix) is { Length: > 0 } ns && writer.LookupPrefix(ns) != prefix && !DeclaresItself(reader, prefix))
            {
                writer.WriteXmlnsAttribute(prefix, ns);
            }
        }

        reader.MoveToElement();
    }

    /// <summary>True when the element the reader is on declares <paramref name="prefix"/> itself (its attributes copy it).</summary>
    private static bool DeclaresItself(XmlDictionaryReader reader, string prefix) => reader.GetAttribute("xmlns:" + prefix) is not null;

    private static void CopyText(XmlDictionaryReader reader, XmlDictionaryWriter writer, char[] chunk)
    {
        if (reader.ValueType == typeof(byte[]))
        {
            CopyBytes(reader, writer);
            return;
        }

        if (!reader.CanReadValueChunk)
        {
            writer.WriteString(reader.Value);
            return;
        }

        var plainText = IsPlainTextWriter(writer);
        int read;
        while ((read = reader.ReadValueChunk(chunk, 0, chunk.Length)) > 0)
        {
            if (plainText)
            {
                WriteTextChunk(writer, chunk, read);
            }
            else
            {
                writer.WriteChars(chunk, 0, read);
            }
        }
    }

    // System.Xml's text writer (internal), the one WCF's text encoder writes with.
    private static readonly Type TextWriterType = XmlDictionaryWriter.CreateTextWriter(Stream.Null).GetType();

    /// <summary>
    /// True for System.Xml's text writer (WCF's text encoder), not MTOM's or the binary one: its WriteChars escapes by
    /// testing every char in a scalar loop (18% of the router's CPU re-encoding 150 KB of msbin1 to text), while its
    /// WriteRaw writes the same UTF-8 without the test.
    /// </summary>
    private static bool IsPlainTextWriter(XmlDictionaryWriter writer) => writer.GetType() == TextWriterType;

    /// <summary>
    /// Writes <paramref name="count"/> chars of element text as the text writer's WriteChars would: runs without a char
    /// it escapes go out raw (found with a vectorized search), and each such char through WriteChars, so the bytes are
    /// the writer's own. The set is wider than the writer's (every control char, both quotes, '>'), which only sends a
    /// char that needs no escaping the slow way.
    /// </summary>
    private static void WriteTextChunk(XmlDictionaryWriter writer, char[] chunk, int count)
    {
        var start = 0;
        while (start < count)
        {
            var next = chunk.AsSpan(start, count - start).IndexOfAny(EscapedInText);
            if (next < 0)
            {
                writer.WriteRaw(chunk, start, count - start);
                return;
            }

            if (next > 0)
            {
                writer.WriteRaw(chunk, start, next);
            }

            writer.WriteChars(chunk, start + next, 1);
            start += next + 1;
        }
    }

    /// <summary>
    /// Binary content (an MTOM XOP part, an msbin1 bytes record) goes to the writer as bytes, in chunks: the target
    /// encoder keeps it binary (MTOM: a XOP part; msbin1: a bytes record; text: base64 written as it streams), never a
    /// base64 string held next to the bytes.
    /// </summary>
    private static void CopyBytes(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        var bytes = SoapRouter.Wire.Encoding.MessageBufferPool.Instance.Rent(ChunkBytes);
        try
        {
            int read;
            while ((read = reader.ReadValueAsBase64(bytes, 0, ChunkBytes)) > 0)
            {
                writer.WriteBase64(bytes, 0, read);
            }
        }
        finally
        {
            SoapRouter.Wire.Encoding.MessageBufferPool.Instance.Return(bytes);
        }
    }
}
