namespace SoapRouter.Configuration;

/// <summary>
/// One message filter. <see cref="Type"/> decides which other properties apply:
/// action (Value, Match), address (Value, Match: compared to the request path),
/// header (Name, Namespace, Value), xpath (Expression, Namespaces), matchAll (none).
/// </summary>
public sealed record FilterConfig
{
    /// <summary>One of <see cref="FilterTypes"/>.</summary>
    public string Type { get; init; } = "";

    /// <summary>The value to compare with (action URI, path, header text).</summary>
    public string? Value { get; init; }

    /// <summary>"exact" (default) or "prefix", for action and address filters.</summary>
    public string? Match { get; init; }

    /// <summary>Header local name, for header filters.</summary>
    public string? Name { get; init; }

    /// <summary>Header namespace ("" for none), for header filters.</summary>
    public string? Namespace { get; init; }

    /// <summary>XPath 1.0 expression evaluated over the SOAP body's first child; true or a non-empty node set matches.</summary>
    public string? Expression { get; init; }

    /// <summary>Prefix to namespace URI map used by <see cref="Expression"/>.</summary>
    public IReadOnlyDictionary<string, string>? Namespaces { get; init; }
}
