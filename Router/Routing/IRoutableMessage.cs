using System.Diagnostics.CodeAnalysis;
using System.Xml;
using System.Xml.XPath;

namespace SoapRouter.Routing;

/// <summary>
/// What message filters read from a message. Kept free of any WCF type so the same filters can run over
/// our own envelope reader or, later, over a CoreWCF message buffer.
/// </summary>
internal interface IRoutableMessage
{
    /// <summary>The SOAP action: wsa:Action if present, else the transport's action; null when neither was given.</summary>
    string? Action { get; }

    /// <summary>The request path of the listener address the message arrived on, e.g. "/orders/service.svc".</summary>
    string Path { get; }

    /// <summary>Finds the first SOAP header with this local name and namespace and returns its text content.</summary>
    bool TryGetHeader(string localName, string ns, [NotNullWhen(true)] out string? value);

    /// <summary>
    /// A navigator positioned on the body's first child element, or null when the body is empty or cannot be read.
    /// The body is read on the first call only; callers that never ask never pay for it.
    /// </summary>
    XPathNavigator? CreateBodyNavigator();

    /// <summary>
    /// A new reader positioned on the body's first child element, or null when the body is empty or cannot be read.
    /// Each call opens an independent reader, which the caller disposes; the caller pays only for what it reads, so a
    /// filter that knows its answer early can stop without reading the rest of the body.
    /// </summary>
    XmlReader? OpenBodyReader();
}
