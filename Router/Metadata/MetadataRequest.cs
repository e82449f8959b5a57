using System.Diagnostics.CodeAnalysis;
using System.Xml;
using System.Xml.XPath;
using SoapRouter.Routing;

namespace SoapRouter.Metadata;

/// <summary>
/// A metadata GET as routing sees it: the listener's path and nothing else (no action, no headers, no body), so the
/// routes that match it are those that pick messages by address alone, or all messages.
/// </summary>
internal sealed class MetadataRequest(string path) : IRoutableMessage
{
    /// <inheritdoc />
    public string? Action => null;

    /// <inheritdoc />
    public string Path { get; } = path;

    /// <inheritdoc />
    public bool TryGetHeader(string localName, string ns, [NotNullWhen(true)] out string? value)
    {
        value = null;
        return false;
    }

    /// <inheritdoc />
    public XPathNavigator? CreateBodyNavigator() => null;

    /// <inheritdoc />
    public XmlReader? OpenBodyReader() => null;
}
