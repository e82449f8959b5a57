using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>One attribute of the start tag being scanned.</summary>
/// <param name="Name">The attribute's qualified name.</param>
/// <param name="Value">The raw value between the quotes, references not expanded.</param>
/// <param name="IsLiteral">The value holds no reference and no whitespace that attribute normalization would change.</param>
internal readonly record struct ScannedAttribute(QualifiedName Name, ByteRange Value, bool IsLiteral);
