namespace SoapRouter.Configuration;

/// <summary>Names of the filter types a route may use, and of the match modes.</summary>
public static class FilterTypes
{
    /// <summary>Matches the SOAP action (wsa:Action, SOAPAction or the content type's action parameter).</summary>
    public const string Action = "action";

    /// <summary>Matches the request path of the listener address the message arrived on.</summary>
    public const string Address = "address";

    /// <summary>Matches the text of a SOAP header by local name and namespace.</summary>
    public const string Header = "header";

    /// <summary>Evaluates an XPath expression over the body; forces the body to be read.</summary>
    public const string XPath = "xpath";

    /// <summary>Matches every message.</summary>
    public const string MatchAll = "matchAll";

    /// <summary>Exact comparison (the default).</summary>
    public const string MatchExact = "exact";

    /// <summary>Prefix comparison.</summary>
    public const string MatchPrefix = "prefix";

    /// <summary>Every filter type, for validation messages.</summary>
    public static readonly IReadOnlyList<string> All = [Action, Address, Header, XPath, MatchAll];
}
