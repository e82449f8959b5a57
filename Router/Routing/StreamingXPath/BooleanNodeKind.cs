namespace SoapRouter.Routing.StreamingXPath;

/// <summary>The operators of the subset's boolean expression tree.</summary>
internal enum BooleanNodeKind
{
    /// <summary>A leaf: one existential term (a path, or a path compared with a literal).</summary>
    Term,

    /// <summary><c>not(x)</c>.</summary>
    Not,

    /// <summary><c>x and y</c>.</summary>
    And,

    /// <summary><c>x or y</c>.</summary>
    Or,
}
