namespace SoapRouter.Metadata;

/// <summary>The metadata requests a WCF service answers on GET, which the router passes on: ?wsdl, ?singleWsdl, ?wsdl=NAME, ?xsd=NAME.</summary>
internal static class MetadataQuery
{
    /// <summary>True when <paramref name="query"/> (with its leading '?') asks for a WSDL or one of its parts.</summary>
    public static bool IsMetadata(string? query)
    {
        if (string.IsNullOrEmpty(query) || query[0] != '?')
        {
            return false;
        }

        var name = query.AsSpan(1);
        var equals = name.IndexOf('=');
        if (equals >= 0)
        {
            name = name[..equals];
        }

        return name.Equals("wsdl", StringComparison.OrdinalIgnoreCase)
            || name.Equals("singleWsdl", StringComparison.OrdinalIgnoreCase)
            || name.Equals("xsd", StringComparison.OrdinalIgnoreCase);
    }
}
