namespace SoapRouter.Routing.StreamingXPath;

/// <summary>A parsed predicate of the subset: <c>[name]</c>, <c>[@name]</c>, or either compared with a literal.</summary>
/// <param name="IsAttribute">True for an attribute of the step's element, false for a child element.</param>
/// <param name="Name">The child's or attribute's name test.</param>
/// <param name="Test">What its string value must satisfy.</param>
internal sealed record StepPredicateSyntax(bool IsAttribute, NameTest Name, ValueTest Test);
