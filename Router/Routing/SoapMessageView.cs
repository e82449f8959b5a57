using System.Diagnostics.CodeAnalysis;
using System.Xml;
using System.Xml.XPath;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Routing;

/// <summary>
/// A message read up to its Body: version, addressing and headers are known; the body stays unread in the
/// reader until a filter asks for it. Not thread-safe: one message is routed by one thread at a time.
/// The view and the readers it opens read the caller's buffer in place, so they must be disposed before that buffer
/// is returned to a pool.
/// </summary>
internal sealed class SoapMessageView : IRoutableMessage, IDisposable
{
    private readonly SoapHeaderEntry[] _headers;
    private readonly int _maxDepth;
    private readonly SoapBodySource _bodySource;
    private readonly bool _bodyIsEmpty;
    private XmlReader? _bodyReader;
    private XPathNavigator? _bodyNavigator;

    /// <summary>
    /// Creates a view; <paramref name="bodyReader"/> is positioned on a non-empty Body start tag, or null.
    /// <paramref name="bodySource"/> lets <see cref="OpenBodyReader"/> read the body again; without one it walks the loaded body.
    /// <paramref name="bodyIsEmpty"/>: whether the Body is empty, when that is known without a reader (default: no
    /// reader means an empty Body).
    /// </summary>
    public SoapMessageView(
        SoapVersion version,
        WsAddressingHeaders addressing,
        string? action,
        string path,
        SoapHeaderEntry[] headers,
        XmlReader? bodyReader,
        int maxDepth,
        SoapBodySource bodySource = default,
        bool? bodyIsEmpty = null)
    {
        Version = version;
        Addressing = addressing;
        Action = action;
        Path = path;
        _headers = headers;
        _bodyReader = bodyReader;
        _bodyIsEmpty = bodyIsEmpty ?? bodyReader is null;
        _maxDepth = maxDepth;
        _bodySource = bodySource;
    }

    /// <summary>The SOAP version, from the Envelope namespace.</summary>
    public SoapVersion Version { get; }

    /// <summary>The encoded envelope the view was read from (a re-encode writes from it); default when it cannot be read again.</summary>
    public SoapBodySource Source => _bodySource;

    /// <summary>The WS-Addressing headers found.</summary>
    public WsAddressingHeaders Addressing { get; }

    /// <inheritdoc />
    public string? Action { get; }

    /// <inheritdoc />
    public string Path { get; }

    /// <summary>Every header, in document order.</summary>
    public ReadOnlySpan<SoapHeaderEntry> Headers => _headers;

    /// <summary>
    /// True once routing started reading the body, by loading it or by opening a reader on it; lets tests and metrics
    /// see what routing cost.
    /// </summary>
    public bool IsBodyRead { get; private set; }

    /// <summary>
    /// True once the whole body has been loaded for a navigator (successfully or not). A reader from
    /// <see cref="OpenBodyReader"/> does not load it: it reads only as far as its caller does.
    /// </summary>
    public bool IsBodyLoaded { get; private set; }

    /// <summary>Why the body could not be read, once a read was tried; <see cref="SoapParseErrorKind.None"/> otherwise.</summary>
    public SoapParseErrorKind BodyError { get; private set; }

    /// <inheritdoc />
    public bool TryGetHeader(string localName, string ns, [NotNullWhen(true)] out string? value)
    {
        foreach (ref readonly var header in _headers.AsSpan())
        {
            if (string.Equals(header.LocalName, localName, StringComparison.Ordinal)
                && string.Equals(header.Namespace, ns, StringComparison.Ordinal))
            {
                value = header.Value;
                return true;
            }
        }

        value = null;
        return false;
    }

    /// <inheritdoc />
    public XPathNavigator? CreateBodyNavigator()
    {
        if (!IsBodyLoaded)
        {
            IsBodyRead = true;
            IsBodyLoaded = true;
            _bodyNavigator = ReadBody();
        }

        // A clone per caller: a filter that moves its navigator must not move another filter's.
        return _bodyNavigator?.Clone();
    }

    /// <inheritdoc />
    public XmlReader? OpenBodyReader()
    {
        IsBodyRead = true;
        if (_bodyIsEmpty)
        {
            return null;
        }

        if (!_bodySource.CanOpen)
        {
            return OpenOverNavigator();
        }

        // The view's own reader already stands on the Body start tag: the first caller takes it, which saves a second
        // reader and a second pass over the headers; later callers, and a later navigator, open the buffer again.
        var reader = _bodyReader;
        _bodyReader = null;
        try
        {
            bool positioned;
            if (reader is not null)
            {
                positioned = SoapBodyLocator.MoveToFirstChildElement(reader);
            }
            else
            {
                reader = _bodySource.Open();
                positioned = SoapBodyLocator.MoveToFirstBodyChild(reader, (Version == SoapVersion.Soap12 ? SoapNamespaces.Soap12Envelope : SoapNamespaces.Soap11Envelope));
            }

            if (!positioned)
            {
                return null;
            }

            var opened = reader;
            reader = null;
            return opened;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return null;
        }
        finally
        {
            reader?.Dispose();
        }
    }

    /// <summary>Releases the reader if the body was never read.</summary>
    public void Dispose()
    {
        _bodyReader?.Dispose();
        _bodyReader = null;
    }

    // A view over a reader it cannot recreate: the loaded body, walked as a reader. Same answer, at the full cost.
    private XmlReader? OpenOverNavigator()
    {
        var navigator = CreateBodyNavigator();
        if (navigator is null)
        {
            return null;
        }

        var reader = navigator.ReadSubtree();
        reader.Read();
        return reader;
    }

    private XPathNavigator? ReadBody()
    {
        if (_bodyIsEmpty)
        {
            return null;
        }

        var reader = _bodyReader;
        _bodyReader = null;
        try
        {
            // Handed to a streaming filter before: read the buffer again, up to the Body start tag.
            reader ??= ReopenAtBody();
            if (reader is null)
            {
                return null;
            }

            // Skip whitespace and comments to the first child element; an end tag first means an empty body.
            while (reader.Read())
            {
                if (reader.NodeType == XmlNodeType.Element)
                {
                    // The subtree reader is not disposed on its own: closing it reads on to the end tag, which after
                    // a quota failure would throw again; disposing the outer reader below releases both.
                    var navigator = new XPathDocument(reader.ReadSubtree()).CreateNavigator();
                    navigator.MoveToFirstChild();
                    return navigator;
                }

                if (reader.NodeType == XmlNodeType.EndElement)
                {
                    return null;
                }
            }

            BodyError = SoapParseErrorKind.MalformedXml;
            return null;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            BodyError = reader is null ? SoapParseErrorKind.MalformedXml : XmlReadErrors.Classify(reader, _maxDepth);
            return null;
        }
        finally
        {
            reader?.Dispose();
        }
    }

    private XmlDictionaryReader? ReopenAtBody()
    {
        if (!_bodySource.CanOpen)
        {
            return null;
        }

        var reader = _bodySource.Open();
        try
        {
            if (SoapBodyLocator.MoveToBody(reader, (Version == SoapVersion.Soap12 ? SoapNamespaces.Soap12Envelope : SoapNamespaces.Soap11Envelope)))
            {
                var positioned = reader;
                reader = null;
                return positioned;
            }

            return null;
        }
        finally
        {
            reader?.Dispose();
        }
    }
}
