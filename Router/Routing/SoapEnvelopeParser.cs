using System.Runtime.CompilerServices;
using System.Text;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Routing;

/// <summary>
/// One pass over an envelope up to its Body start tag: version, headers and WS-Addressing. Works on any
/// <see cref="XmlReader"/>, so text, binary (msbin1) and a CoreWCF buffer's reader all share it.
/// Bad input may surface as reader exceptions; <see cref="SoapEnvelopeReader"/> turns those into values.
/// </summary>
internal ref struct SoapEnvelopeParser
{
    private readonly XmlReader _reader;
    private readonly int _maxDepth;
    private readonly int _maxStringContentLength;
    private HeaderSlots _firstHeaders;
    private List<SoapHeaderEntry>? _moreHeaders;
    private int _headerCount;
    private WsAddressingVersion _addressingVersion;
    private string? _action;
    private string? _to;
    private string? _messageId;
    private string? _relatesTo;
    private string? _replyTo;

    /// <summary>Creates a parser over <paramref name="reader"/>, which stays owned by the caller.</summary>
    public SoapEnvelopeParser(XmlReader reader, int maxDepth, int maxStringContentLength)
    {
        _reader = reader;
        _maxDepth = maxDepth;
        _maxStringContentLength = maxStringContentLength;
    }

    private enum Step
    {
        Element,
        EndElement,
        EndOfFile,
    }

    /// <summary>
    /// Reads up to the Body. On success the reader is left on the Body start tag and
    /// <paramref name="bodyIsEmpty"/> tells whether there is anything to read after it.
    /// </summary>
    public SoapParseErrorKind Parse(out SoapVersion version, out bool bodyIsEmpty)
    {
        version = SoapVersion.Soap11;
        bodyIsEmpty = true;
        var reader = _reader;
        if (reader.MoveToContent() != XmlNodeType.Element)
        {
            return SoapParseErrorKind.MalformedXml;
        }

        string envelopeNs;
        if (Is(reader, "Envelope", SoapNamespaces.Soap12Envelope))
        {
            version = SoapVersion.Soap12;
            envelopeNs = SoapNamespaces.Soap12Envelope;
        }
        else if (Is(reader, "Envelope", SoapNamespaces.Soap11Envelope))
        {
            envelopeNs = SoapNamespaces.Soap11Envelope;
        }
        else
        {
            return SoapParseErrorKind.NotSoapEnvelope;
        }

        if (reader.IsEmptyElement || !reader.Read())
        {
            return SoapParseErrorKind.MissingBody;
        }

        var step = SkipToElementOrEnd();
        if (step == Step.Element && IsEnvelopeChild("Header", envelopeNs))
        {
            var headerError = ReadHeaders(envelopeNs);
            if (headerError != SoapParseErrorKind.None)
            {
                return headerError;
            }

            step = SkipToElementOrEnd();
        }

        if (step == Step.EndOfFile)
        {
            return SoapParseErrorKind.MalformedXml;
        }

        if (step == Step.EndElement || !IsEnvelopeChild("Body", envelopeNs))
        {
            return SoapParseErrorKind.MissingBody;
        }

        bodyIsEmpty = reader.IsEmptyElement;
        return SoapParseErrorKind.None;
    }

    /// <summary>The headers read, in document order.</summary>
    public readonly SoapHeaderEntry[] Headers
    {
        get
        {
            if (_headerCount == 0)
            {
                return [];
            }

            // One array of the right size: the first headers were kept in the parser itself, any past them in a list.
            var headers = new SoapHeaderEntry[_headerCount];
            ReadOnlySpan<SoapHeaderEntry> first = _firstHeaders;
            first[..Math.Min(_headerCount, HeaderSlots.Length)].CopyTo(headers);
            _moreHeaders?.CopyTo(headers, HeaderSlots.Length);
            return headers;
        }
    }

    /// <summary>The WS-Addressing headers read.</summary>
    public readonly WsAddressingHeaders Addressing =>
        new(_addressingVersion, _action, _to, _messageId, _relatesTo, _replyTo);

    private readonly bool IsEnvelopeChild(string localName, string envelopeNs) => Is(_reader, localName, envelopeNs);

    /// <summary>
    /// True when the reader's node has this name. A dictionary reader compares its bytes without making strings
    /// (reading LocalName or NamespaceURI allocates a new string every time); other readers compare strings.
    /// </summary>
    private static bool Is(XmlReader reader, string localName, string ns) => reader is XmlDictionaryReader dictionary
        ? dictionary.IsLocalName(localName) && dictionary.IsNamespaceUri(ns)
        : string.Equals(reader.LocalName, localName, StringComparison.Ordinal) && string.Equals(reader.NamespaceURI, ns, StringComparison.Ordinal);

    private readonly Step SkipToElementOrEnd()
    {
        var reader = _reader;
        while (true)
        {
            switch (reader.NodeType)
            {
                case XmlNodeType.Element:
                    return Step.Element;
                case XmlNodeType.EndElement:
                    return Step.EndElement;
            }

            if (!reader.Read())
            {
                return Step.EndOfFile;
            }
        }
    }

    private SoapParseErrorKind ReadHeaders(string envelopeNs)
    {
        var reader = _reader;
        if (reader.IsEmptyElement)
        {
            return reader.Read() ? SoapParseErrorKind.None : SoapParseErrorKind.MalformedXml;
        }

        if (!reader.Read())
        {
            return SoapParseErrorKind.MalformedXml;
        }

        while (true)
        {
            switch (SkipToElementOrEnd())
            {
                case Step.EndOfFile:
                    return SoapParseErrorKind.MalformedXml;
                case Step.EndElement:
                    // The Header end tag: move past it to where the Body should follow.
                    return reader.Read() ? SoapParseErrorKind.None : SoapParseErrorKind.MalformedXml;
            }

            var error = ReadHeader(envelopeNs);
            if (error != SoapParseErrorKind.None)
            {
                return error;
            }
        }
    }

    private SoapParseErrorKind ReadHeader(string envelopeNs)
    {
        var reader = _reader;
        if (reader.Depth >= _maxDepth)
        {
            return SoapParseErrorKind.QuotaExceeded;
        }

        var addressing = AddressingVersionOf(reader);
        var ns = addressing switch
        {
            WsAddressingVersion.Addressing10 => SoapNamespaces.Addressing10,
            WsAddressingVersion.Addressing200408 => SoapNamespaces.Addressing200408,
            _ => reader.NamespaceURI,
        };
        var localName = addressing == WsAddressingVersion.None ? reader.LocalName : AddressingLocalName(reader);
        var mustUnderstand = reader.GetAttribute("mustUnderstand", envelopeNs) is "1" or "true";
        var isReplyTo = addressing != WsAddressingVersion.None
            && string.Equals(localName, "ReplyTo", StringComparison.Ordinal);
        string value;
        string? address = null;

        if (reader.IsEmptyElement)
        {
            value = "";
        }
        else
        {
            var error = ReadContent(isReplyTo ? ns : null, out value, out address);
            if (error != SoapParseErrorKind.None)
            {
                return error;
            }
        }

        // Past the empty element or the end tag.
        if (!reader.Read())
        {
            return SoapParseErrorKind.MalformedXml;
        }

        var entry = new SoapHeaderEntry(localName, ns, value, mustUnderstand);
        if (_headerCount < HeaderSlots.Length)
        {
            _firstHeaders[_headerCount] = entry;
        }
        else
        {
            (_moreHeaders ??= []).Add(entry);
        }

        _headerCount++;
        if (addressing != WsAddressingVersion.None)
        {
            RecordAddressing(addressing, localName, isReplyTo ? address : value);
        }

        return SoapParseErrorKind.None;
    }

    /// <summary>
    /// Reads a header's content to its end tag, collecting its string-value (all descendant text) and, for
    /// ReplyTo, the text of its wsa:Address child.
    /// </summary>
    private readonly SoapParseErrorKind ReadContent(string? replyToNs, out string value, out string? address)
    {
        var reader = _reader;
        var headerDepth = reader.Depth;
        var addressDepth = -1;
        string? first = null;
        StringBuilder? builder = null;
        var length = 0;
        value = "";
        address = null;

        while (reader.Read())
        {
            switch (reader.NodeType)
            {
                case XmlNodeType.Element:
                    if (reader.Depth >= _maxDepth)
                    {
                        return SoapParseErrorKind.QuotaExceeded;
                    }

                    if (replyToNs is not null && reader.Depth == headerDepth + 1 && !reader.IsEmptyElement && Is(reader, "Address", replyToNs))
                    {
                        addressDepth = reader.Depth;
                    }

                    break;
                case XmlNodeType.EndElement:
                    if (reader.Depth == headerDepth)
                    {
                        value = builder?.ToString() ?? first ?? "";
                        return SoapParseErrorKind.None;
                    }

                    if (reader.Depth == addressDepth)
                    {
                        addressDepth = -1;
                    }

                    break;
                case XmlNodeType.Text:
                case XmlNodeType.CDATA:
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                    var text = reader.Value;
                    length += text.Length;
                    if (length > _maxStringContentLength)
                    {
                        return SoapParseErrorKind.QuotaExceeded;
                    }

                    // Most headers hold one text node: keep it as is and build a string only for mixed content.
                    if (first is null)
                    {
                        first = text;
                    }
                    else
                    {
                        builder ??= new StringBuilder(first);
                        builder.Append(text);
                    }

                    if (addressDepth >= 0)
                    {
                        address = address is null ? text : address + text;
                    }

                    break;
            }
        }

        return SoapParseErrorKind.MalformedXml;
    }

    private void RecordAddressing(WsAddressingVersion version, string localName, string? value)
    {
        if (_addressingVersion == WsAddressingVersion.None)
        {
            _addressingVersion = version;
        }

        // anyURI content is whitespace-collapsed; the first header of each kind wins.
        value = value?.Trim();
        switch (localName)
        {
            case "Action":
                _action ??= value;
                break;
            case "To":
                _to ??= value;
                break;
            case "MessageID":
                _messageId ??= value;
                break;
            case "RelatesTo":
                _relatesTo ??= value;
                break;
            case "ReplyTo":
                _replyTo ??= value;
                break;
        }
    }

    private static WsAddressingVersion AddressingVersionOf(XmlReader reader)
    {
        if (IsNamespace(reader, SoapNamespaces.Addressing10))
        {
            return WsAddressingVersion.Addressing10;
        }

        return IsNamespace(reader, SoapNamespaces.Addressing200408) ? WsAddressingVersion.Addressing200408 : WsAddressingVersion.None;
    }

    private static bool IsNamespace(XmlReader reader, string ns) => reader is XmlDictionaryReader dictionary
        ? dictionary.IsNamespaceUri(ns)
        : string.Equals(reader.NamespaceURI, ns, StringComparison.Ordinal);

    /// <summary>The local name of a WS-Addressing header: a constant for the ones every message has, so they cost no string.</summary>
    private static string AddressingLocalName(XmlReader reader)
    {
        if (reader is XmlDictionaryReader dictionary)
        {
            foreach (var name in AddressingNames)
            {
                if (dictionary.IsLocalName(name))
                {
                    return name;
                }
            }
        }

        return reader.LocalName;
    }

    private static readonly string[] AddressingNames = ["Action", "To", "MessageID", "ReplyTo", "RelatesTo", "From", "FaultTo"];

    /// <summary>Room in the parser for the headers most messages have (WS-Addressing's four or five, and a few more).</summary>
    [InlineArray(Length)]
    private struct HeaderSlots
    {
        public const int Length = 8;

        private SoapHeaderEntry _first;
    }
}
