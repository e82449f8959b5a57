namespace SoapRouter.Routing.StreamingXPath;

/// <summary>The type of a parsed operand, as far as the subset needs to know it.</summary>
internal enum XPathOperandKind
{
    /// <summary>A location path (a node-set).</summary>
    Path,

    /// <summary>A string literal.</summary>
    Literal,

    /// <summary>A number literal.</summary>
    Number,

    /// <summary>A boolean expression already added to the query.</summary>
    Boolean,
}
