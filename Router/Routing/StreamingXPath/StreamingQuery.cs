using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// A compiled streamable XPath expression: a boolean expression over existential terms ("some node of this path
/// passes this test"), each laid out as bits (see <see cref="StreamingQueryBuilder"/>). Immutable and shared by every
/// request; the per-message state lives in a <see cref="StreamingEvaluator"/>.
/// </summary>
internal sealed class StreamingQuery
{
    // A spare evaluator for the common case of one message at a time; concurrent messages make their own.
    private StreamingEvaluator? _spare;

    /// <summary>Copies the layout out of <paramref name="builder"/>; <paramref name="root"/> is the result node.</summary>
    internal StreamingQuery(StreamingQueryBuilder builder, int root)
    {
        StepNames = builder.StepNames;
        AttributeNames = builder.AttributeNames;
        FinalTests = builder.FinalTests;
        StepPredicates = builder.StepPredicates;
        StepAttributePredicates = builder.StepAttributePredicates;
        StepTerms = builder.StepTerms;
        PredicateNames = builder.PredicateNames;
        PredicateTests = builder.PredicateTests;
        PredicateSteps = builder.PredicateSteps;
        TermSteps = builder.TermSteps;
        AbsoluteContexts = builder.AbsoluteContexts;
        RelativeContexts = builder.RelativeContexts;
        RootChildOnlyContexts = builder.RootChildOnlyContexts;
        ContextSteps = builder.ContextSteps;
        ChildSteps = builder.ChildSteps;
        DescendantSteps = builder.DescendantSteps;
        FinalExistSteps = builder.FinalExistSteps;
        FinalCompareSteps = builder.FinalCompareSteps;
        AttributeTestSteps = builder.AttributeTestSteps;
        AttributePredicateSteps = builder.AttributePredicateSteps;
        ChildPredicateSteps = builder.ChildPredicateSteps;
        AttributePredicates = builder.AttributePredicates;
        ExistencePredicates = builder.ExistencePredicates;
        AllTerms = builder.AllTerms;
        Nodes = [.. builder.Nodes];
        Root = root;
    }

    /// <summary>Per step: the element name test.</summary>
    internal NameTest[] StepNames { get; }

    /// <summary>Per step with a final attribute step: the attribute's name test.</summary>
    internal NameTest[] AttributeNames { get; }

    /// <summary>Per final step: the value test of the element's or the attribute's string value.</summary>
    internal ValueTest[] FinalTests { get; }

    /// <summary>Per step: its predicates.</summary>
    internal ulong[] StepPredicates { get; }

    /// <summary>Per step: those of its predicates that test attributes (decided at the start tag).</summary>
    internal ulong[] StepAttributePredicates { get; }

    /// <summary>Per step: the term it belongs to.</summary>
    internal int[] StepTerms { get; }

    /// <summary>Per predicate: the child's or attribute's name test.</summary>
    internal NameTest[] PredicateNames { get; }

    /// <summary>Per predicate: the value test.</summary>
    internal ValueTest[] PredicateTests { get; }

    /// <summary>Per predicate: the step it belongs to.</summary>
    internal int[] PredicateSteps { get; }

    /// <summary>Per term: all its step bits, context included.</summary>
    internal ulong[] TermSteps { get; }

    /// <summary>Context bits of absolute paths (held by the document root).</summary>
    internal ulong AbsoluteContexts { get; }

    /// <summary>Context bits of relative paths (held by the body's first element).</summary>
    internal ulong RelativeContexts { get; }

    /// <summary>Absolute contexts whose first step is a child step: dead once the body's first element is known.</summary>
    internal ulong RootChildOnlyContexts { get; }

    /// <summary>All context bits.</summary>
    internal ulong ContextSteps { get; }

    /// <summary>Element steps reached through <c>/</c>.</summary>
    internal ulong ChildSteps { get; }

    /// <summary>Element steps reached through <c>//</c>.</summary>
    internal ulong DescendantSteps { get; }

    /// <summary>Final element steps whose existence is enough.</summary>
    internal ulong FinalExistSteps { get; }

    /// <summary>Final element steps whose string value is compared (decided at the end tag).</summary>
    internal ulong FinalCompareSteps { get; }

    /// <summary>Steps followed by a final attribute step (decided at the start tag).</summary>
    internal ulong AttributeTestSteps { get; }

    /// <summary>Steps with attribute predicates.</summary>
    internal ulong AttributePredicateSteps { get; }

    /// <summary>Steps with child-element predicates.</summary>
    internal ulong ChildPredicateSteps { get; }

    /// <summary>Predicates on attributes.</summary>
    internal ulong AttributePredicates { get; }

    /// <summary>Predicates that only ask for existence.</summary>
    internal ulong ExistencePredicates { get; }

    /// <summary>All term bits.</summary>
    internal ulong AllTerms { get; }

    /// <summary>The boolean expression over the terms.</summary>
    internal BooleanNode[] Nodes { get; }

    /// <summary>The node whose value is the query's result.</summary>
    internal int Root { get; }

    /// <summary>
    /// Evaluates the query over the element <paramref name="reader"/> is on (the body's first child), reading only until
    /// the result is known. Bad input surfaces as the reader's exceptions; the reader is the caller's to dispose.
    /// </summary>
    public bool Evaluate(XmlReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        var evaluator = Interlocked.Exchange(ref _spare, null) ?? new StreamingEvaluator(this);
        try
        {
            return evaluator.Evaluate(reader);
        }
        finally
        {
            evaluator.Release();
            _spare = evaluator;
        }
    }
}
