using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Xml;

namespace SoapRouter.Caching;

/// <summary>
/// Feeds a SOAP body into a hash in a canonical form, so two requests that mean the same get the same key whatever
/// their encoding, prefixes or the whitespace between their elements: each element as its namespace URI and local
/// name, its attributes sorted (namespace declarations left out), each run of text as one string however the reader
/// split it (CDATA included, and the whitespace the text reader reports as nodes of their own inside it),
/// whitespace-only text between elements, comments and processing instructions dropped.
/// Every string is length-prefixed, so no two different bodies write the same bytes; the whole body is hashed.
/// </summary>
/// <param name="hash">The hash the canonical form is fed into.</param>
internal ref struct CanonicalBodyHasher(IncrementalHash hash)
{
    private const int ChunkChars = 2048;
    private const byte ElementStart = 1;
    private const byte ElementEnd = 2;
    private const byte Attribute = 3;
    private const byte TextChunk = 4;
    private const byte TextEnd = 5;
    private const byte BodyEnd = 6;

    private readonly IncrementalHash _hash = hash;
    private char[]? _text;
    private int _textLength;
    private string? _pendingSpace;

    /// <summary>
    /// Hashes the body <paramref name="reader"/> stands in (on its first child element) to the Body's end. Throws the
    /// reader's <see cref="XmlException"/> (or a quota's) for a body it cannot read.
    /// </summary>
    public void Append(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        try
        {
            var bodyDepth = reader.Depth;
            var more = true;
            while (more && reader.Depth >= bodyDepth)
            {
                switch (reader.NodeType)
                {
                    case XmlNodeType.Element:
                        EndText();
                        AppendElement(reader);
                        break;
                    case XmlNodeType.EndElement:
                        EndText();
                        Append(ElementEnd);
                        break;
                    case XmlNodeType.Text:
                    case XmlNodeType.CDATA:
                        AppendText(reader);
                        break;
                    case XmlNodeType.Whitespace:
                    case XmlNodeType.SignificantWhitespace:
                        // Inside a run of text ("x &amp;  y" is read as "x ", "&", "  ", "y") it is text; before text it may
                        // start a run; between elements it says nothing and is dropped when the next element comes.
                        if (_text is not null)
                        {
                            AppendText(reader.Value);
                        }
                        else
                        {
                            _pendingSpace += reader.Value;
                        }

                        break;
                    default:
                        // Comments and processing instructions: not part of what the body says.
                        break;
                }

                more = reader.Read();
            }

            EndText();
            Append(BodyEnd);
        }
        finally
        {
            if (_text is not null)
            {
                ArrayPool<char>.Shared.Return(_text);
                _text = null;
            }
        }
    }

    /// <summary>Appends a marker byte and a length-prefixed string.</summary>
    public readonly void Append(byte marker, string value)
    {
        Append(marker);
        AppendString(value);
    }

    /// <summary>Appends a marker byte and length-prefixed bytes.</summary>
    public readonly void Append(byte marker, ReadOnlySpan<byte> value)
    {
        Append(marker);
        AppendLength(value.Length);
        _hash.AppendData(value);
    }

    private readonly void AppendElement(XmlReader reader)
    {
        Append(ElementStart);
        AppendString(reader.NamespaceURI);
        AppendString(reader.LocalName);
        var empty = reader.IsEmptyElement;
        if (reader.MoveToFirstAttribute())
        {
            AppendAttributes(reader);
        }

        if (empty)
        {
            Append(ElementEnd);
        }
    }

    private readonly void AppendAttributes(XmlReader reader)
    {
        List<(string Namespace, string Name, string Value)>? attributes = null;
        do
        {
            if (reader.NamespaceURI == "http://www.w3.org/2000/xmlns/")
            {
                continue;
            }

            (attributes ??= new List<(string, string, string)>(4)).Add((reader.NamespaceURI, reader.LocalName, reader.Value));
        }
        while (reader.MoveToNextAttribute());

        reader.MoveToElement();
        if (attributes is null)
        {
            return;
        }

        attributes.Sort(static (a, b) =>
        {
            var byNamespace = string.CompareOrdinal(a.Namespace, b.Namespace);
            return byNamespace != 0 ? byNamespace : string.CompareOrdinal(a.Name, b.Name);
        });
        foreach (var (ns, name, value) in attributes)
        {
            Append(Attribute);
            AppendString(ns);
            AppendString(name);
            AppendString(value);
        }
    }

    private void AppendText(XmlReader reader)
    {
        StartText();
        if (reader.CanReadValueChunk)
        {
            int read;
            while ((read = reader.ReadValueChunk(_text!, _textLength, ChunkChars - _textLength)) > 0)
            {
                _textLength += read;
                FlushFullChunk();
            }

            return;
        }

        AppendText(reader.Value);
    }

    private void StartText()
    {
        if (_text is not null)
        {
            return;
        }

        _text = ArrayPool<char>.Shared.Rent(ChunkChars);
        if (_pendingSpace is { } space)
        {
            _pendingSpace = null;
            AppendText(space);
        }
    }

    private void AppendText(string text)
    {
        StartText();
        var value = text.AsSpan();
        while (!value.IsEmpty)
        {
            var take = Math.Min(value.Length, ChunkChars - _textLength);
            value[..take].CopyTo(_text.AsSpan(_textLength));
            _textLength += take;
            value = value[take..];
            FlushFullChunk();
        }
    }

    /// <summary>A full chunk goes out as it is: chunk boundaries depend on the text alone, never on how the reader split it.</summary>
    private void FlushFullChunk()
    {
        if (_textLength < ChunkChars)
        {
            return;
        }

        Append(TextChunk);
        _hash.AppendData(MemoryMarshal.AsBytes(_text.AsSpan(0, ChunkChars)));
        _textLength = 0;
    }

    private void EndText()
    {
        _pendingSpace = null;
        if (_text is null)
        {
            return;
        }

        Append(TextEnd);
        AppendLength(_textLength);
        _hash.AppendData(MemoryMarshal.AsBytes(_text.AsSpan(0, _textLength)));
        _textLength = 0;
        ArrayPool<char>.Shared.Return(_text);
        _text = null;
    }

    private readonly void AppendString(string value)
    {
        AppendLength(value.Length);
        _hash.AppendData(MemoryMarshal.AsBytes(value.AsSpan()));
    }

    private readonly void AppendLength(int length)
    {
        Span<byte> bytes = stackalloc byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, length);
        _hash.AppendData(bytes);
    }

    private readonly void Append(byte marker)
    {
        Span<byte> bytes = stackalloc byte[1];
        bytes[0] = marker;
        _hash.AppendData(bytes);
    }
}
