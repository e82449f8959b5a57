using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>An XPath name test: <c>*</c>, <c>p:*</c> or a (prefixed or unprefixed) name, with its prefix already resolved.</summary>
internal readonly struct NameTest
{
    private const string XmlnsNamespace = "http://www.w3.org/2000/xmlns/";

    // Null means "any": both null is "*", a namespace alone is "p:*".
    private readonly string? _localName;
    private readonly string? _namespace;

    private NameTest(string? localName, string? ns)
    {
        _localName = localName;
        _namespace = ns;
    }

    /// <summary><c>*</c>: any name in any namespace.</summary>
    public static NameTest Any => default;

    /// <summary><c>p:*</c>: any local name in <paramref name="ns"/>.</summary>
    public static NameTest InNamespace(string ns) => new(null, ns);

    /// <summary>One name; an unprefixed XPath 1.0 name has the empty namespace, whatever the document's default.</summary>
    public static NameTest Exact(string localName, string ns) => new(localName, ns);

    /// <summary>True when the reader's current element or attribute has this name.</summary>
    public bool Matches(XmlReader reader)
    {
        // The dictionary readers compare names in their buffers; asking for LocalName would make a string per node.
        if (reader is XmlDictionaryReader dictionary)
        {
            return (_localName is null || dictionary.IsLocalName(_localName))
                && (_namespace is null || dictionary.IsNamespaceUri(_namespace));
        }

        return (_localName is null || string.Equals(reader.LocalName, _localName, StringComparison.Ordinal))
            && (_namespace is null || string.Equals(reader.NamespaceURI, _namespace, StringComparison.Ordinal));
    }

    /// <summary>True when the reader is on an xmlns attribute, which XPath shows as a namespace node, never as an attribute.</summary>
    public static bool IsNamespaceDeclaration(XmlReader reader) => reader is XmlDictionaryReader dictionary
        ? dictionary.IsNamespaceUri(XmlnsNamespace)
        : string.Equals(reader.NamespaceURI, XmlnsNamespace, StringComparison.Ordinal);
}
