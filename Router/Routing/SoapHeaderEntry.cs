namespace SoapRouter.Routing;

/// <summary>One SOAP header as the envelope reader saw it.</summary>
/// <param name="LocalName">The header element's local name.</param>
/// <param name="Namespace">The header element's namespace URI ("" for none).</param>
/// <param name="Value">The header's text content (the XPath string-value of the element).</param>
/// <param name="MustUnderstand">True when the header carries mustUnderstand="1" or "true".</param>
internal readonly record struct SoapHeaderEntry(string LocalName, string Namespace, string Value, bool MustUnderstand);
