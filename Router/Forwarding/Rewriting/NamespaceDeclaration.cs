using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>An in-scope xmlns or xmlns:p declaration.</summary>
/// <param name="Prefix">The declared prefix; empty for the default namespace.</param>
/// <param name="Uri">The namespace URI as written (only literal values are accepted, so written is what it means).</param>
internal readonly record struct NamespaceDeclaration(ByteRange Prefix, ByteRange Uri);
