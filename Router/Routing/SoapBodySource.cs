using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// The encoded envelope a message was read from, with what it takes to read it again: each call to <see cref="Open"/>
/// takes a fresh reader over the same bytes from a reader pool, so several body filters can each read as far as they
/// need, and a re-encode can write the message in one pass of one pooled reader.
/// </summary>
internal readonly struct SoapBodySource
{
    private readonly ArraySegment<byte> _message;
    private readonly XmlReaderPool? _readers;

    private SoapBodySource(ArraySegment<byte> message, XmlReaderPool readers)
    {
        _message = message;
        _readers = readers;
    }

    /// <summary>False for a view over a reader the caller handed in, which cannot be recreated.</summary>
    public bool CanOpen => _readers is not null;

    /// <summary>A text (UTF-8 or UTF-16 with a byte order mark) envelope read with readers from <paramref name="readers"/>.</summary>
    public static SoapBodySource Text(ArraySegment<byte> message, TextReaderPool readers) => new(message, readers);

    /// <summary>An msbin1 envelope (binary over HTTP, no session) read with readers from <paramref name="readers"/>.</summary>
    public static SoapBodySource Msbin1(ArraySegment<byte> message, Msbin1ReaderPool readers) => new(message, readers);

    /// <summary>A new reader at the start of the envelope, under the same quotas as the first read; dispose it to give it back.</summary>
    public XmlDictionaryReader Open() =>
        (_readers ?? throw new InvalidOperationException("This message cannot be read again.")).Rent(_message);
}
