using System.Text;
using System.Xml;

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
    private List<SoapHeaderEntry>? _headers;
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

        if (!string.Equals(reader.LocalName, "Envelope", StringComparison.Ordinal))
        {
            return SoapParseErrorKind.NotSoapEnvelope;
        }

        var envelopeNs = reader.NamespaceURI;
        if (string.Equals(envelopeNs, SoapNamespaces.Soap12Envelope, StringComparison.Ordinal))
        {
            version = SoapVersion.Soap12;
        }
        else if (!string.Equals(envelopeNs, SoapNamespaces.Soap11Envelope, StringComparison.Ordinal))
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
    public readonly SoapHeaderEntry[] Headers => _headers is null ? [] : _headers.ToArray();

    /// <summary>The WS-Addressing headers read.</summary>
    public readonly WsAddressingHeaders Addressing =>
        new(_addressingVersion, _action, _to, _messageId, _relatesTo, _replyTo);

    private readonly bool IsEnvelopeChild(string localName, string envelopeNs) =>
        string.Equals(_reader.LocalName, localName, StringComparison.Ordinal)
        && string.Equals(_reader.NamespaceURI, envelopeNs, StringComparison.Ordinal);

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

        var localName = reader.LocalName;
        var ns = reader.NamespaceURI;
        var mustUnderstand = reader.GetAttribute("mustUnderstand", envelopeNs) is "1" or "true";
        var addressing = AddressingVersionOf(ns);
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

        (_headers ??= new List<SoapHeaderEntry>(8)).Add(new SoapHeaderEntry(localName, ns, value, mustUnderstand));
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

                    if (replyToNs is not null && reader.Depth == headerDepth + 1 && !reader.IsEmptyElement
                        && string.Equals(reader.LocalName, "Address", StringComparison.Ordinal)
                        && string.Equals(reader.NamespaceURI, replyToNs, StringComparison.Ordinal))
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

    private static WsAddressingVersion AddressingVersionOf(string ns)
    {
        if (string.Equals(ns, SoapNamespaces.Addressing10, StringComparison.Ordinal))
        {
            return WsAddressingVersion.Addressing10;
        }

        return string.Equals(ns, SoapNamespaces.Addressing200408, StringComparison.Ordinal)
            ? WsAddressingVersion.Addressing200408
            : WsAddressingVersion.None;
    }
}
