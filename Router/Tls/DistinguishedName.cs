using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Tls;

/// <summary>Distinguished names compared as sets of attributes (type and value, values case-insensitive), whatever order they are written in.</summary>
internal static class DistinguishedName
{
    /// <summary>The attributes of <paramref name="name"/> as "OID=value" strings (value upper-cased), sorted.</summary>
    public static IReadOnlyList<string> Attributes(X500DistinguishedName name)
    {
        ArgumentNullException.ThrowIfNull(name);
        var attributes = new List<string>();
        foreach (var rdn in name.EnumerateRelativeDistinguishedNames(reversed: false))
        {
            // A multi-valued RDN (rare) is compared by its encoding.
            attributes.Add(rdn.HasMultipleElements
                ? "rdn=" + Convert.ToHexString(rdn.RawData.Span)
                : rdn.GetSingleElementType().Value + "=" + (rdn.GetSingleElementValue() ?? "").Trim().ToUpperInvariant());
        }

        attributes.Sort(StringComparer.Ordinal);
        return attributes;
    }

    /// <summary>The attributes of <paramref name="text"/> (e.g. "CN=partner-a, O=Partner A"), or null when it is not a distinguished name.</summary>
    public static IReadOnlyList<string>? TryParse(string text)
    {
        try
        {
            return Attributes(new X500DistinguishedName(text));
        }
        catch (CryptographicException)
        {
            return null;
        }
    }
}
