namespace SoapRouter.Routing.StreamingXPath;

/// <summary>What a <see cref="ValueTest"/> asks of a node's string value.</summary>
internal enum ValueComparison
{
    /// <summary>Nothing: the node's existence is enough.</summary>
    Exists,

    /// <summary><c>node = 'literal'</c>.</summary>
    StringEquals,

    /// <summary><c>node != 'literal'</c>.</summary>
    StringNotEquals,

    /// <summary><c>node = number</c>: the string value converted with XPath's number().</summary>
    NumberEquals,

    /// <summary><c>node != number</c>; true when the value is not a number at all (NaN differs from everything).</summary>
    NumberNotEquals,
}
