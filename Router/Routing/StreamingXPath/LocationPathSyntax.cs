namespace SoapRouter.Routing.StreamingXPath;

/// <summary>A parsed location path of the subset.</summary>
/// <param name="Absolute">True for <c>/...</c> and <c>//...</c> (from the document root, whose only element is the body's
/// first child), false for a path relative to that element.</param>
/// <param name="Steps">The element steps, in order.</param>
/// <param name="Attribute">A final <c>@name</c> step, selecting attributes of the last element (or of the context).</param>
internal sealed record LocationPathSyntax(bool Absolute, IReadOnlyList<LocationStepSyntax> Steps, NameTest? Attribute);
