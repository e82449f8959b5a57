using System.Buffers;
using System.Xml;

namespace SoapRouter.Reencoding;

/// <summary>
/// Copies a message body from one encoding's reader to another's writer. Unlike <see cref="XmlWriter.WriteNode(XmlReader, bool)"/>,
/// which makes one string of every text node (a 150 KB payload: 300 KB of UTF-16 per copy), text is moved in chunks
/// through a pooled buffer, so re-encoding a large message costs about what reading and writing it costs.
/// </summary>
internal static class BodyCopier
{
    private const int ChunkChars = 8192;
    private const int ChunkBytes = 6144;

    /// <summary>
    /// Copies from the body's first content node (where <c>GetReaderAtBodyContents</c> leaves the reader) up to the Body
    /// end tag, which is not copied.
    /// </summary>
    public static void CopyBodyContents(XmlDictionaryReader reader, XmlDictionaryWriter writer)
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
                CopyNode(reader, writer, chunk);
            }
        }
        finally
        {
            ArrayPool<char>.Shared.Return(chunk);
        }
    }

    /// <summary>Writes the node the reader is on and moves the reader past it.</summary>
    private static void CopyNode(XmlDictionaryReader reader, XmlDictionaryWriter writer, char[] chunk)
    {
        switch (reader.NodeType)
        {
            case XmlNodeType.Element:
                writer.WriteStartElement(reader.Prefix, reader.LocalName, reader.NamespaceURI);
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

        int read;
        while ((read = reader.ReadValueChunk(chunk, 0, chunk.Length)) > 0)
        {
            writer.WriteChars(chunk, 0, read);
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
