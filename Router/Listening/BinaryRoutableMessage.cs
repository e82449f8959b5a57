using System.Diagnostics.CodeAnalysis;
using System.Xml;
using System.Xml.XPath;
using SoapRouter.Routing;

namespace SoapRouter.Listening;

/// <summary>
/// What routing can know about an msbin1 message without reading it: the action from the content type's action
/// parameter and the listener's path. WCF writes msbin1 with its static ServiceModel dictionary, which we do not have,
/// so the envelope is not parsed: routes with header or XPath filters never match binary messages, and a message whose
/// action travels only inside the envelope (wsa:Action) has none here.
/// </summary>
internal sealed class BinaryRoutableMessage : IRoutableMessage
{
    /// <summary>Describes a binary message that arrived on <paramref name="path"/> with <paramref name="action"/>.</summary>
    public BinaryRoutableMessage(string? action, string path)
    {
        Action = action;
        Path = path;
    }

    /// <inheritdoc />
    public string? Action { get; }

    /// <inheritdoc />
    public string Path { get; }

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
