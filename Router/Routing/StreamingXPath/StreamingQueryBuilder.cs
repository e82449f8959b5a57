namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// Lays parsed paths out as the bit masks <see cref="StreamingQuery"/> runs on. Every path becomes a term: one context
/// bit (the root, or the body's first element for a relative path) followed by one bit per element step, so the parent
/// of step bit s is always bit s - 1. A query fits in 64 step bits, 64 predicates and 64 terms; a larger one falls back.
/// </summary>
internal sealed class StreamingQueryBuilder
{
    /// <summary>Steps, predicates and terms each index one bit of a 64-bit mask.</summary>
    public const int Capacity = 64;

    private readonly List<BooleanNode> _nodes = [];
    private int _steps;
    private int _predicates;
    private int _terms;
    private bool _overflowed;

    // Per step bit.
    internal NameTest[] StepNames { get; } = new NameTest[Capacity];

    internal NameTest[] AttributeNames { get; } = new NameTest[Capacity];

    internal ValueTest[] FinalTests { get; } = new ValueTest[Capacity];

    internal ulong[] StepPredicates { get; } = new ulong[Capacity];

    internal ulong[] StepAttributePredicates { get; } = new ulong[Capacity];

    internal int[] StepTerms { get; } = new int[Capacity];

    // Per predicate bit.
    internal NameTest[] PredicateNames { get; } = new NameTest[Capacity];

    internal ValueTest[] PredicateTests { get; } = new ValueTest[Capacity];

    internal int[] PredicateSteps { get; } = new int[Capacity];

    // Per term bit.
    internal ulong[] TermSteps { get; } = new ulong[Capacity];

    internal ulong AbsoluteContexts { get; private set; }

    internal ulong RelativeContexts { get; private set; }

    internal ulong RootChildOnlyContexts { get; private set; }

    internal ulong ContextSteps { get; private set; }

    internal ulong ChildSteps { get; private set; }

    internal ulong DescendantSteps { get; private set; }

    internal ulong FinalExistSteps { get; private set; }

    internal ulong FinalCompareSteps { get; private set; }

    internal ulong AttributeTestSteps { get; private set; }

    internal ulong AttributePredicateSteps { get; private set; }

    internal ulong ChildPredicateSteps { get; private set; }

    internal ulong AttributePredicates { get; private set; }

    internal ulong ExistencePredicates { get; private set; }

    internal ulong AllTerms { get; private set; }

    internal IReadOnlyList<BooleanNode> Nodes => _nodes;

    /// <summary>Adds the term "some node of <paramref name="path"/> passes <paramref name="test"/>"; returns its node.</summary>
    public int AddTerm(LocationPathSyntax path, ValueTest test)
    {
        var predicateCount = 0;
        foreach (var step in path.Steps)
        {
            predicateCount += step.Predicates.Count;
        }

        if (_steps + 1 + path.Steps.Count > Capacity || _predicates + predicateCount > Capacity || _terms == Capacity)
        {
            _overflowed = true;
            return AddNode(new BooleanNode(BooleanNodeKind.Term, -1, -1, -1));
        }

        var term = _terms++;
        var context = _steps++;
        var contextBit = 1UL << context;
        ContextSteps |= contextBit;
        StepTerms[context] = term;
        if (!path.Absolute)
        {
            RelativeContexts |= contextBit;
        }
        else
        {
            AbsoluteContexts |= contextBit;

            // The root has one element child, the body's first element: once it is open, nothing more can hang off the
            // root through a child step, only through a descendant step.
            if (path.Steps.Count > 0 && !path.Steps[0].Descendant)
            {
                RootChildOnlyContexts |= contextBit;
            }
        }

        var bits = contextBit;
        var last = context;
        foreach (var step in path.Steps)
        {
            last = AddStep(step, term);
            bits |= 1UL << last;
        }

        var lastBit = 1UL << last;
        if (path.Attribute is { } attribute)
        {
            AttributeTestSteps |= lastBit;
            AttributeNames[last] = attribute;
            FinalTests[last] = test;
        }
        else if (test.IsExistence)
        {
            FinalExistSteps |= lastBit;
        }
        else
        {
            FinalCompareSteps |= lastBit;
            FinalTests[last] = test;
        }

        TermSteps[term] = bits;
        AllTerms |= 1UL << term;
        return AddNode(new BooleanNode(BooleanNodeKind.Term, -1, -1, term));
    }

    /// <summary>Adds <c>not(<paramref name="operand"/>)</c>.</summary>
    public int Not(int operand) => AddNode(new BooleanNode(BooleanNodeKind.Not, operand, -1, -1));

    /// <summary>Adds <c><paramref name="left"/> and <paramref name="right"/></c>.</summary>
    public int And(int left, int right) => AddNode(new BooleanNode(BooleanNodeKind.And, left, right, -1));

    /// <summary>Adds <c><paramref name="left"/> or <paramref name="right"/></c>.</summary>
    public int Or(int left, int right) => AddNode(new BooleanNode(BooleanNodeKind.Or, left, right, -1));

    /// <summary>The query whose result is node <paramref name="root"/>; null when it did not fit in 64 bits.</summary>
    public StreamingQuery? Build(int root) => _overflowed ? null : new StreamingQuery(this, root);

    private int AddStep(LocationStepSyntax step, int term)
    {
        var index = _steps++;
        var bit = 1UL << index;
        StepTerms[index] = term;
        StepNames[index] = step.Name;
        if (step.Descendant)
        {
            DescendantSteps |= bit;
        }
        else
        {
            ChildSteps |= bit;
        }

        foreach (var predicate in step.Predicates)
        {
            var p = _predicates++;
            var predicateBit = 1UL << p;
            PredicateNames[p] = predicate.Name;
            PredicateTests[p] = predicate.Test;
            PredicateSteps[p] = index;
            StepPredicates[index] |= predicateBit;
            if (predicate.IsAttribute)
            {
                AttributePredicates |= predicateBit;
                StepAttributePredicates[index] |= predicateBit;
                AttributePredicateSteps |= bit;
            }
            else
            {
                ChildPredicateSteps |= bit;
            }

            if (predicate.Test.IsExistence)
            {
                ExistencePredicates |= predicateBit;
            }
        }

        return index;
    }

    private int AddNode(BooleanNode node)
    {
        _nodes.Add(node);
        return _nodes.Count - 1;
    }
}
