namespace SoapRouter.Routing.StreamingXPath;

/// <summary>One token of an XPath expression.</summary>
/// <param name="Kind">What the token is.</param>
/// <param name="Prefix">The prefix of a <see cref="XPathTokenKind.Name"/> or <see cref="XPathTokenKind.PrefixStar"/>; "" when none.</param>
/// <param name="Value">A name's local part, a literal's text or a number's digits; "" otherwise.</param>
internal readonly record struct XPathToken(XPathTokenKind Kind, string Prefix, string Value)
{
    /// <summary>A token that carries no text.</summary>
    public static XPathToken Of(XPathTokenKind kind) => new(kind, "", "");
}
