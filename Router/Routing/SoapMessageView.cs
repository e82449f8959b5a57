using System.Diagnostics.CodeAnalysis;
using System.Xml;
using System.Xml.XPath;

namespace SoapRouter.Routing;

/// <summary>
/// A message read up to its Body: version, addressing and headers are known; the body stays unread in the
/// reader until a filter asks for it. Not thread-safe: one message is routed by one thread at a time.
/// The view reads the caller's buffer in place, so it must be disposed before that buffer is returned to a pool.
/// </summary>
internal sealed class SoapMessageView : IRoutableMessage, IDisposable
{
    private readonly SoapHeaderEntry[] _headers;
    private readonly int _maxDepth;
    private XmlReader? _bodyReader;
    private XPathNavigator? _bodyNavigator;

    /// <summary>Creates a view; <paramref name="bodyReader"/> is positioned on a non-empty Body start tag, or null.</summary>
    public SoapMessageView(
        SoapVersion version,
        WsAddressingHeaders addressing,
        string? action,
        string path,
        SoapHeaderEntry[] headers,
        XmlReader? bodyReader,
        int maxDepth)
    {
        Version = version;
        Addressing = addressing;
        Action = action;
        Path = path;
        _headers = headers;
        _bodyReader = bodyReader;
        _maxDepth = maxDepth;
    }

    /// <summary>The SOAP version, from the Envelope namespace.</summary>
    public SoapVersion Version { get; }

    /// <summary>The WS-Addressing headers found.</summary>
    public WsAddressingHeaders Addressing { get; }

    /// <inheritdoc />
    public string? Action { get; }

    /// <inheritdoc />
    public string Path { get; }

    /// <summary>Every header, in document order.</summary>
    public ReadOnlySpan<SoapHeaderEntry> Headers => _headers;

    /// <summary>True once the body has been read (successfully or not); lets tests and metrics see what routing cost.</summary>
    public bool IsBodyRead { get; private set; }

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
        if (!IsBodyRead)
        {
            IsBodyRead = true;
            _bodyNavigator = ReadBody();
        }

        // A clone per caller: a filter that moves its navigator must not move another filter's.
        return _bodyNavigator?.Clone();
    }

    /// <summary>Releases the reader if the body was never read.</summary>
    public void Dispose()
    {
        _bodyReader?.Dispose();
        _bodyReader = null;
    }

    private XPathNavigator? ReadBody()
    {
        var reader = _bodyReader;
        if (reader is null)
        {
            return null;
        }

        try
        {
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
        catch (Exception ex) when (XmlReadErrors.IsBadInput(ex))
        {
            BodyError = XmlReadErrors.Classify(reader, _maxDepth);
            return null;
        }
        finally
        {
            reader.Dispose();
            _bodyReader = null;
        }
    }
}
