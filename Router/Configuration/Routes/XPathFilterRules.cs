using System.Xml;
using System.Xml.XPath;
using SoapRouter.Routing;

namespace SoapRouter.Configuration;

/// <summary>Validation of an xpath filter: its namespace map is usable and the router's <see cref="XPathFilter"/> builds from it.</summary>
internal static class XPathFilterRules
{
    /// <summary>Checks <paramref name="expression"/> and <paramref name="namespaces"/> of the filter at <paramref name="path"/>.</summary>
    public static void Check(string? expression, IReadOnlyDictionary<string, string>? namespaces, string path, ConfigValidationContext context)
    {
        var usable = UsableNamespaces(namespaces, ConfigPath.Property(path, "namespaces"), context);
        var expressionPath = ConfigPath.Property(path, "expression");
        if (!context.Require(expression, expressionPath))
        {
            return;
        }

        // The runtime's own filter is built here, so what --check accepts is exactly what a route can be built from.
        XPathFilter filter;
        try
        {
            filter = new XPathFilter(expression!, usable);
        }
        catch (XPathException ex)
        {
            context.Error(expressionPath, $"'{expression}' does not compile: {ex.Message}");
            return;
        }

        // The filter matches on true or a non-empty node set; a string or number result is almost surely a mistake.
        if (filter.ReturnType is XPathResultType.String or XPathResultType.Number)
        {
            context.Error(expressionPath, $"'{expression}' evaluates to a {filter.ReturnType.ToString().ToLowerInvariant()}; use a boolean or node-set expression");
        }
    }

    /// <summary>The entries of <paramref name="namespaces"/> a filter can use; each other one is an error.</summary>
    private static Dictionary<string, string> UsableNamespaces(IReadOnlyDictionary<string, string>? namespaces, string path, ConfigValidationContext context)
    {
        var usable = new Dictionary<string, string>(StringComparer.Ordinal);
        if (namespaces is null)
        {
            return usable;
        }

        foreach (var (prefix, uri) in namespaces)
        {
            var entryPath = ConfigPath.Key(path, prefix);
            if (prefix.Length == 0)
            {
                // XPath 1.0 has no default namespace: an unprefixed name never matches a namespaced element.
                context.Error(entryPath, "the empty prefix cannot be used in XPath 1.0; give the namespace a prefix");
                continue;
            }

            if (!context.Require(uri, entryPath))
            {
                continue;
            }

            try
            {
                // The namespace manager refuses the reserved prefixes (xml, xmlns) and their URIs, as the filter's would.
                new XmlNamespaceManager(new NameTable()).AddNamespace(XmlConvert.VerifyNCName(prefix), uri);
                usable.Add(prefix, uri);
            }
            catch (Exception ex) when (ex is ArgumentException or XmlException)
            {
                context.Error(entryPath, $"prefix '{prefix}' cannot be used: {ex.Message}");
            }
        }

        return usable;
    }
}
