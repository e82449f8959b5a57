namespace SoapRouter.Forwarding.Rewriting;

/// <summary>An element whose end tag the scanner has not reached yet.</summary>
/// <param name="Name">Its qualified name, which the end tag must repeat exactly.</param>
/// <param name="DeclarationBase">How many namespace declarations were in scope before its start tag.</param>
internal readonly record struct OpenElement(QualifiedName Name, int DeclarationBase);
