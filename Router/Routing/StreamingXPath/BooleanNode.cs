namespace SoapRouter.Routing.StreamingXPath;

/// <summary>A node of the boolean expression over the query's terms.</summary>
/// <param name="Kind">The operator, or <see cref="BooleanNodeKind.Term"/> for a leaf.</param>
/// <param name="Left">The operand of not, the left operand of and/or; -1 for a leaf.</param>
/// <param name="Right">The right operand of and/or; -1 otherwise.</param>
/// <param name="Term">The term index of a leaf; -1 otherwise.</param>
internal readonly record struct BooleanNode(BooleanNodeKind Kind, int Left, int Right, int Term);
