using System.Diagnostics.CodeAnalysis;
using System.Xml;

namespace SoapRouter.Caching;

/// <summary>
/// A SOAP header named in routes[].cache.varyByHeaders, written <c>{namespace}localName</c> (James Clark's notation)
/// or <c>localName</c> for a header in no namespace.
/// </summary>
/// <param name="LocalName">The header element's local name.</param>
/// <param name="Namespace">Its namespace URI; "" for none.</param>
internal readonly record struct VaryHeaderName(string LocalName, string Namespace)
{
    /// <summary>Reads <paramref name="text"/>; false with the reason when it is not a header name.</summary>
    public static bool TryParse(string? text, out VaryHeaderName name, [NotNullWhen(false)] out string? error)
    {
        name = default;
        if (string.IsNullOrWhiteSpace(text))
        {
            error = "is required";
            return false;
        }

        var ns = "";
        var local = text;
        if (text[0] == '{')
        {
            var close = text.IndexOf('}', StringComparison.Ordinal);
            if (close < 0)
            {
                error = $"'{text}' has no '}}' to end its namespace; write {{namespace}}localName";
                return false;
            }

            ns = text[1..close];
            local = text[(close + 1)..];
        }

        try
        {
            XmlConvert.VerifyNCName(local);
        }
        catch (XmlException)
        {
            error = $"'{local}' is not an XML local name; write {{namespace}}localName";
            return false;
        }

        name = new VaryHeaderName(local, ns);
        error = null;
        return true;
    }

    /// <inheritdoc />
    public override string ToString() => Namespace.Length == 0 ? LocalName : "{" + Namespace + "}" + LocalName;
}
