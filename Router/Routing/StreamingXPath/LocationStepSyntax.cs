namespace SoapRouter.Routing.StreamingXPath;

/// <summary>A parsed element step: a name test reached through <c>/</c> or <c>//</c>, with its predicates.</summary>
/// <param name="Descendant">True when reached through <c>//</c> (any depth below the previous step), false for a child.</param>
/// <param name="Name">The element's name test.</param>
/// <param name="Predicates">Every predicate must hold for the element (non-positional predicates simply AND).</param>
internal sealed record LocationStepSyntax(bool Descendant, NameTest Name, IReadOnlyList<StepPredicateSyntax> Predicates);
