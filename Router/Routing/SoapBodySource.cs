using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// The encoded envelope a view was read from, with what it takes to read it again: each call to <see cref="Open"/>
/// makes a fresh reader over the same bytes, so several body filters can each read as far as they need.
/// </summary>
internal readonly struct SoapBodySource
{
    private readonly ArraySegment<byte> _message;
    private readonly XmlDictionaryReaderQuotas? _quotas;
    private readonly IXmlDictionary? _dictionary;
    private readonly XmlBinaryReaderSession? _session;
    private readonly bool _binary;

    private SoapBodySource(ArraySegment<byte> message, XmlDictionaryReaderQuotas quotas, bool binary, IXmlDictionary? dictionary, XmlBinaryReaderSession? session)
    {
        _message = message;
        _quotas = quotas;
        _binary = binary;
        _dictionary = dictionary;
        _session = session;
    }

    /// <summary>False for a view over a reader the caller handed in, which cannot be recreated.</summary>
    public bool CanOpen => _quotas is not null;

    /// <summary>A text (UTF-8 or UTF-16 with a byte order mark) envelope read with <paramref name="quotas"/>.</summary>
    public static SoapBodySource Text(ArraySegment<byte> message, XmlDictionaryReaderQuotas quotas) =>
        new(message, quotas, binary: false, dictionary: null, session: null);

    /// <summary>A binary (msbin1) envelope read with <paramref name="quotas"/>, the static dictionary and the session.</summary>
    public static SoapBodySource Binary(
        ArraySegment<byte> message,
        XmlDictionaryReaderQuotas quotas,
        IXmlDictionary? dictionary,
        XmlBinaryReaderSession? session) =>
        new(message, quotas, binary: true, dictionary, session);

    /// <summary>
    /// A new reader at the start of the envelope, under the same quotas as the first read. Reading the session again is
    /// safe: a binary session only maps ids to strings the framing layer added before the message was read.
    /// </summary>
    public XmlDictionaryReader Open()
    {
        var quotas = _quotas ?? throw new InvalidOperationException("This message cannot be read again.");
        var array = _message.Array!;
        return _binary
            ? XmlDictionaryReader.CreateBinaryReader(array, _message.Offset, _message.Count, _dictionary, quotas, _session)
            : XmlDictionaryReader.CreateTextReader(array, _message.Offset, _message.Count, encoding: null, quotas, onClose: null);
    }
}
