namespace SoapRouter.Routing.StreamingXPath;

/// <summary>One parsed operand: a path, a literal, a number, or a boolean node of the query being built.</summary>
internal readonly record struct XPathOperand(XPathOperandKind Kind, LocationPathSyntax? Path, string Literal, double Number, int Node)
{
    /// <summary>A location path.</summary>
    public static XPathOperand OfPath(LocationPathSyntax path) => new(XPathOperandKind.Path, path, "", 0, -1);

    /// <summary>A string literal.</summary>
    public static XPathOperand OfLiteral(string literal) => new(XPathOperandKind.Literal, null, literal, 0, -1);

    /// <summary>A number literal.</summary>
    public static XPathOperand OfNumber(double number) => new(XPathOperandKind.Number, null, "", number, -1);

    /// <summary>A boolean node.</summary>
    public static XPathOperand OfBoolean(int node) => new(XPathOperandKind.Boolean, null, "", 0, node);

    /// <summary>True for a literal or a number, the only things the subset compares a path with.</summary>
    public bool IsConstant => Kind is XPathOperandKind.Literal or XPathOperandKind.Number;

    /// <summary>The test "a node equals (or differs from) this constant".</summary>
    public ValueTest CompareWith(bool equal) => Kind == XPathOperandKind.Number
        ? ValueTest.Number(Number, equal)
        : ValueTest.String(Literal, equal);
}
