using SoapRouter.Wire.Binary;
using static SoapRouter.Forwarding.Rewriting.Utf8XmlLexer;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>Start tags: attributes, namespace declarations and the checks a namespace-aware reader makes on them.</summary>
internal ref partial struct EnvelopeHeaderScanner
{
    /// <summary>
    /// Reads a start tag at <c>_pos</c> (on its '&lt;'), brings its namespace declarations into scope and checks
    /// every prefix is declared and no attribute repeats. <paramref name="declarationBase"/> is the scope to return
    /// to when the element ends.
    /// </summary>
    private ToHeaderRewriteError ReadStartTag(out QualifiedName name, out bool isEmpty, out int declarationBase)
    {
        isEmpty = false;
        declarationBase = _declarationCount;
        _pos++;
        var error = ReadQualifiedName(_xml, ref _pos, out name);
        if (error != Ok)
        {
            return error;
        }

        _attributeCount = 0;
        while (true)
        {
            var spaced = SkipWhitespace(_xml, ref _pos) > 0;
            if (_pos >= _xml.Length)
            {
                return Malformed;
            }

            if (_xml[_pos] == (byte)'>')
            {
                _pos++;
                break;
            }

            if (_xml[_pos] == (byte)'/')
            {
                if (!At(_xml, _pos, "/>"u8))
                {
                    return Malformed;
                }

                _pos += 2;
                isEmpty = true;
                break;
            }

            error = spaced ? ReadAttribute() : Malformed;
            if (error != Ok)
            {
                return error;
            }
        }

        error = DeclareNamespaces();
        return error != Ok ? error : CheckNames(name);
    }

    private ToHeaderRewriteError ReadAttribute()
    {
        var error = ReadQualifiedName(_xml, ref _pos, out var name);
        if (error != Ok)
        {
            return error;
        }

        SkipWhitespace(_xml, ref _pos);
        if (_pos >= _xml.Length || _xml[_pos] != (byte)'=')
        {
            return Malformed;
        }

        _pos++;
        SkipWhitespace(_xml, ref _pos);
        error = ReadAttributeValue(_xml, ref _pos, out var value, out var isLiteral);
        if (error != Ok)
        {
            return error;
        }

        if (_attributeCount == _attributes.Length)
        {
            return ToHeaderRewriteError.Unsupported;
        }

        _attributes[_attributeCount++] = new ScannedAttribute(name, value, isLiteral);
        return Ok;
    }

    private ToHeaderRewriteError DeclareNamespaces()
    {
        for (var i = 0; i < _attributeCount; i++)
        {
            var attribute = _attributes[i];
            var name = attribute.Name;
            ByteRange prefix;
            if (name.PrefixLength == 0 && name.Range.Of(_xml).SequenceEqual("xmlns"u8))
            {
                prefix = new ByteRange(name.Range.Start, 0);
            }
            else if (name.Prefix(_xml).SequenceEqual("xmlns"u8))
            {
                prefix = new ByteRange(name.Range.Start + 6, name.Range.Length - 6);
            }
            else
            {
                continue;
            }

            var uri = attribute.Value.Of(_xml);
            var declared = prefix.Of(_xml);

            // Namespaces 1.0 forbids undeclaring a prefix and rebinding xmlns; binding xml or the reserved URIs is
            // legal only in ways no SOAP peer needs, and a reference in a URI would need decoding to compare: refuse.
            if (prefix.Length > 0 && uri.IsEmpty)
            {
                return Malformed;
            }

            if (!attribute.IsLiteral || declared.SequenceEqual("xmlns"u8) || declared.SequenceEqual("xml"u8)
                || uri.SequenceEqual(SoapNamespaceBytes.Xml) || uri.SequenceEqual(SoapNamespaceBytes.Xmlns))
            {
                return ToHeaderRewriteError.Unsupported;
            }

            if (_declarationCount == _declarations.Length)
            {
                return ToHeaderRewriteError.Unsupported;
            }

            _declarations[_declarationCount++] = new NamespaceDeclaration(prefix, attribute.Value);
        }

        return Ok;
    }

    private readonly ToHeaderRewriteError CheckNames(QualifiedName element)
    {
        var elementPrefix = element.Prefix(_xml);
        if (elementPrefix.SequenceEqual("xmlns"u8) || elementPrefix.SequenceEqual("xml"u8))
        {
            return ToHeaderRewriteError.Unsupported;
        }

        if (!TryResolve(elementPrefix, out _))
        {
            return Malformed;
        }

        for (var i = 0; i < _attributeCount; i++)
        {
            var name = _attributes[i].Name;
            if (!TryResolveAttribute(name, out var ns))
            {
                return Malformed;
            }

            // Attributes may not repeat, neither as written nor as (namespace, local name) pairs.
            for (var j = 0; j < i; j++)
            {
                var other = _attributes[j].Name;
                if (other.Range.Of(_xml).SequenceEqual(name.Range.Of(_xml)))
                {
                    return Malformed;
                }

                if (name.PrefixLength > 0 && other.PrefixLength > 0
                    && other.LocalName(_xml).SequenceEqual(name.LocalName(_xml))
                    && TryResolveAttribute(other, out var otherNs)
                    && otherNs.SequenceEqual(ns))
                {
                    return Malformed;
                }
            }
        }

        return Ok;
    }

    /// <summary>The namespace of a prefixed attribute; unprefixed attributes (and xmlns ones) are in no namespace here.</summary>
    private readonly bool TryResolveAttribute(QualifiedName name, out ReadOnlySpan<byte> ns)
    {
        ns = default;
        var prefix = name.Prefix(_xml);
        if (prefix.IsEmpty || prefix.SequenceEqual("xmlns"u8))
        {
            return true;
        }

        if (prefix.SequenceEqual("xml"u8))
        {
            ns = SoapNamespaceBytes.Xml;
            return true;
        }

        if (!TryResolve(prefix, out var range))
        {
            return false;
        }

        ns = range.Of(_xml);
        return true;
    }

    /// <summary>
    /// The namespace bound to an element prefix, innermost declaration first. An unprefixed name with no default
    /// declaration in scope is in no namespace (an empty range).
    /// </summary>
    private readonly bool TryResolve(ReadOnlySpan<byte> prefix, out ByteRange ns)
    {
        for (var i = _declarationCount - 1; i >= 0; i--)
        {
            var declaration = _declarations[i];
            if (declaration.Prefix.Of(_xml).SequenceEqual(prefix))
            {
                ns = declaration.Uri;
                return true;
            }
        }

        ns = default;
        return prefix.IsEmpty;
    }
}
