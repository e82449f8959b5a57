using System.Xml;
using System.Xml.XPath;

namespace SoapRouter.Configuration;

/// <summary>Validation of an xpath filter: its namespace map is usable and its expression compiles against it.</summary>
internal static class XPathFilterRules
{
    /// <summary>Checks <paramref name="expression"/> and <paramref name="namespaces"/> of the filter at <paramref name="path"/>.</summary>
    public static void Check(string? expression, IReadOnlyDictionary<string, string>? namespaces, string path, ConfigValidationContext context)
    {
        var resolver = BuildResolver(namespaces, ConfigPath.Property(path, "namespaces"), context);
        var expressionPath = ConfigPath.Property(path, "expression");
        if (!context.Require(expression, expressionPath))
        {
            return;
        }

        XPathExpression compiled;
        try
        {
            compiled = XPathExpression.Compile(expression!, resolver);
        }
        catch (XPathException ex)
        {
            context.Error(expressionPath, $"'{expression}' does not compile: {ex.Message}");
            return;
        }

        // The filter matches on true or a non-empty node set; a string or number result is almost surely a mistake.
        if (compiled.ReturnType is XPathResultType.String or XPathResultType.Number)
        {
            context.Error(expressionPath, $"'{expression}' evaluates to a {compiled.ReturnType.ToString().ToLowerInvariant()}; use a boolean or node-set expression");
        }
    }

    private static XmlNamespaceManager BuildResolver(IReadOnlyDictionary<string, string>? namespaces, string path, ConfigValidationContext context)
    {
        var resolver = new XmlNamespaceManager(new NameTable());
        if (namespaces is null)
        {
            return resolver;
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
                resolver.AddNamespace(XmlConvert.VerifyNCName(prefix), uri);
            }
            catch (Exception ex) when (ex is ArgumentException or XmlException)
            {
                context.Error(entryPath, $"prefix '{prefix}' cannot be used: {ex.Message}");
            }
        }

        return resolver;
    }
}
