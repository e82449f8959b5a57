using SoapRouter.Wire.Binary;
using static SoapRouter.Forwarding.Rewriting.Utf8XmlLexer;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// A strict, forward-only scan of a UTF-8 SOAP envelope from its first byte to the Body start tag, tracking
/// namespace scopes, that finds one WS-Addressing header among the Header's children: wsa:To for the verbatim path,
/// wsa:RelatesTo or wsa:MessageID for a reply the response cache serves again. It never reads past the Body start
/// tag, so the body is neither checked nor touched. Its records live in caller-provided (stack) memory: a message
/// that needs more is refused as <see cref="ToHeaderRewriteError.Unsupported"/>, never half-scanned.
/// </summary>
/// <param name="xml">The UTF-8 envelope.</param>
/// <param name="elements">Room for the open elements.</param>
/// <param name="declarations">Room for the namespace declarations in scope.</param>
/// <param name="attributes">Room for one start tag's attributes.</param>
/// <param name="header">The local name of the WS-Addressing header to find.</param>
internal ref partial struct EnvelopeHeaderScanner(
    ReadOnlySpan<byte> xml,
    Span<OpenElement> elements,
    Span<NamespaceDeclaration> declarations,
    Span<ScannedAttribute> attributes,
    ReadOnlySpan<byte> header)
{
    /// <summary>Open elements the scanner can track; XML readers default to a depth quota of 32.</summary>
    public const int MaxDepth = 64;

    /// <summary>Attributes one start tag may carry.</summary>
    public const int MaxAttributes = 64;

    /// <summary>Namespace declarations that may be in scope at once.</summary>
    public const int MaxDeclarations = 128;

    private const ToHeaderRewriteError Ok = ToHeaderRewriteError.None;
    private const ToHeaderRewriteError Malformed = ToHeaderRewriteError.Malformed;
    private const ToHeaderRewriteError NotSoapEnvelope = ToHeaderRewriteError.NotSoapEnvelope;

    private readonly ReadOnlySpan<byte> _xml = xml;
    private readonly Span<OpenElement> _elements = elements;
    private readonly Span<NamespaceDeclaration> _declarations = declarations;
    private readonly Span<ScannedAttribute> _attributes = attributes;
    private readonly ReadOnlySpan<byte> _header = header;
    private int _pos;
    private int _depth;
    private int _declarationCount;
    private int _attributeCount;
    private bool _inHeader;
    private bool _headerSeen;
    private int _toContentStart = -1;
    private ByteRange _envelopeNamespace;
    private BodyStart _body;

    /// <summary>Creates a scanner for wsa:To over <paramref name="xml"/> that keeps its records in the spans given.</summary>
    public EnvelopeHeaderScanner(
        ReadOnlySpan<byte> xml,
        Span<OpenElement> elements,
        Span<NamespaceDeclaration> declarations,
        Span<ScannedAttribute> attributes)
        : this(xml, elements, declarations, attributes, "To"u8)
    {
    }

    /// <summary>Where the Body's content starts, once <see cref="Scan"/> succeeded.</summary>
    public readonly BodyStart Body => _body;

    /// <summary>
    /// Scans to the Body start tag. On <see cref="ToHeaderRewriteError.None"/>, <paramref name="found"/> tells whether
    /// exactly one of the header was found, and <paramref name="location"/> where. Bytes that end before the Body start tag is
    /// complete give <see cref="ToHeaderRewriteError.Malformed"/>: a caller reading a stream reads on and scans again.
    /// </summary>
    public ToHeaderRewriteError Scan(out bool found, out ToHeaderLocation location)
    {
        found = false;
        location = default;
        var error = EnvelopePrologue.Read(_xml, ref _pos);
        if (error != Ok)
        {
            return error;
        }

        error = ReadRoot();
        if (error != Ok)
        {
            return error;
        }

        while (true)
        {
            if (_pos >= _xml.Length)
            {
                return Malformed;
            }

            if (_xml[_pos] != (byte)'<')
            {
                error = ReadCharacterData(_xml, ref _pos);
            }
            else if (At(_xml, _pos, "</"u8))
            {
                error = ReadEndTag(ref found, ref location);
            }
            else if (At(_xml, _pos, "<!--"u8))
            {
                error = ReadComment(_xml, ref _pos);
            }
            else if (At(_xml, _pos, "<?"u8))
            {
                // WCF's text reader refuses processing instructions, so no message holding one was ever routed.
                error = ProcessingInstruction(_xml, _pos);
            }
            else if (At(_xml, _pos, "<![CDATA["u8))
            {
                error = ReadCData(_xml, ref _pos);
            }
            else if (At(_xml, _pos, "<!"u8))
            {
                // A DOCTYPE or anything else after the root started is not well-formed.
                error = Malformed;
            }
            else
            {
                error = ReadChildStartTag(ref found, ref location, out var isBody);
                if (error == Ok && isBody)
                {
                    return Ok;
                }
            }

            if (error != Ok)
            {
                return error;
            }
        }
    }

    private ToHeaderRewriteError ReadRoot()
    {
        var error = ReadStartTag(out var name, out var isEmpty, out var declarationBase);
        if (error != Ok)
        {
            return error;
        }

        if (!TryResolve(name.Prefix(_xml), out var ns)
            || !name.LocalName(_xml).SequenceEqual("Envelope"u8)
            || !(ns.Of(_xml).SequenceEqual(SoapNamespaceBytes.Soap11Envelope) || ns.Of(_xml).SequenceEqual(SoapNamespaceBytes.Soap12Envelope)))
        {
            return NotSoapEnvelope;
        }

        _envelopeNamespace = ns;
        return isEmpty ? NotSoapEnvelope : Push(name, declarationBase);
    }

    private ToHeaderRewriteError ReadChildStartTag(ref bool found, ref ToHeaderLocation location, out bool isBody)
    {
        isBody = false;
        var error = ReadStartTag(out var name, out var isEmpty, out var declarationBase);
        if (error != Ok)
        {
            return error;
        }

        // Prefixes were checked while reading the tag, so resolving cannot fail here.
        TryResolve(name.Prefix(_xml), out var ns);
        if (_depth == 1)
        {
            // A child of the Envelope: Header first (optional), then Body, exactly as the envelope parser expects.
            if (IsEnvelopeChild(name, ns, "Header"u8) && !_headerSeen)
            {
                _headerSeen = true;
                _inHeader = !isEmpty;
            }
            else if (IsEnvelopeChild(name, ns, "Body"u8))
            {
                isBody = true;
                _body = new BodyStart(_pos, isEmpty, name.Range, _elements[0].Name.Range);
                return Ok;
            }
            else
            {
                return NotSoapEnvelope;
            }
        }
        else if (_depth == 2 && _inHeader && IsAddressingHeader(name, ns))
        {
            if (found || _toContentStart >= 0)
            {
                return ToHeaderRewriteError.Ambiguous;
            }

            if (isEmpty)
            {
                found = true;
                location = new ToHeaderLocation(name.Range.Start, name.Range.Length, _pos - 2, _pos, IsEmptyElement: true);
            }
            else
            {
                _toContentStart = _pos;
            }
        }
        else if (_depth == 3 && _toContentStart >= 0)
        {
            // wsa:To, RelatesTo and MessageID hold a URI; element content in one is something this scanner will not guess about.
            return ToHeaderRewriteError.Unsupported;
        }

        if (isEmpty)
        {
            _declarationCount = declarationBase;
            return Ok;
        }

        return Push(name, declarationBase);
    }

    private ToHeaderRewriteError ReadEndTag(ref bool found, ref ToHeaderLocation location)
    {
        var tagStart = _pos;
        _pos += 2;
        var error = ReadQualifiedName(_xml, ref _pos, out var name);
        if (error != Ok)
        {
            return error;
        }

        SkipWhitespace(_xml, ref _pos);
        if (_pos >= _xml.Length || _xml[_pos] != (byte)'>')
        {
            return Malformed;
        }

        _pos++;
        var open = _elements[_depth - 1];
        if (!name.Range.Of(_xml).SequenceEqual(open.Name.Range.Of(_xml)))
        {
            return Malformed;
        }

        _depth--;
        _declarationCount = open.DeclarationBase;
        if (_depth == 2 && _toContentStart >= 0)
        {
            found = true;
            location = new ToHeaderLocation(open.Name.Range.Start, open.Name.Range.Length, _toContentStart, tagStart, IsEmptyElement: false);
            _toContentStart = -1;
        }
        else if (_depth == 1)
        {
            _inHeader = false;
        }
        else if (_depth == 0)
        {
            // The Envelope ended without a Body.
            return NotSoapEnvelope;
        }

        return Ok;
    }

    private ToHeaderRewriteError Push(QualifiedName name, int declarationBase)
    {
        if (_depth == _elements.Length)
        {
            return ToHeaderRewriteError.Unsupported;
        }

        _elements[_depth++] = new OpenElement(name, declarationBase);
        return Ok;
    }

    private readonly bool IsEnvelopeChild(QualifiedName name, ByteRange ns, ReadOnlySpan<byte> localName) =>
        name.LocalName(_xml).SequenceEqual(localName) && ns.Of(_xml).SequenceEqual(_envelopeNamespace.Of(_xml));

    private readonly bool IsAddressingHeader(QualifiedName name, ByteRange ns) =>
        name.LocalName(_xml).SequenceEqual(_header)
        && (ns.Of(_xml).SequenceEqual(SoapNamespaceBytes.Addressing10) || ns.Of(_xml).SequenceEqual(SoapNamespaceBytes.Addressing200408));
}
