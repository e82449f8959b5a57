using System.Numerics;
using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// Runs a <see cref="StreamingQuery"/> over one element read forward only. Each open element keeps, per step bit,
/// whether it is a candidate and whether the rest of the path was found below it; a term becomes true when a chain of
/// candidates from its context down to a final step completes, and false when no open element can still start or
/// finish such a chain. Reading stops as soon as the boolean expression over the terms is decided. One instance
/// evaluates one message at a time and is reused.
/// </summary>
internal sealed class StreamingEvaluator
{
    private readonly StreamingQuery _query;
    private readonly TextCapture _text = new();
    private ElementFrame[] _frames = new ElementFrame[16];
    private int _top;
    private int _capturing;
    private ulong _trueTerms;
    private ulong _falseTerms;
    private bool? _result;

    /// <summary>Creates an evaluator for <paramref name="query"/>.</summary>
    public StreamingEvaluator(StreamingQuery query) => _query = query;

    /// <summary>The query's value over the element <paramref name="reader"/> is on; reads no further than it must.</summary>
    public bool Evaluate(XmlReader reader)
    {
        _top = 0;
        _text.Clear();
        _capturing = 0;
        _trueTerms = 0;
        _falseTerms = 0;
        _result = null;

        // Frame 0 is the document root: the context of absolute paths, and the parent of the element being read.
        _frames[0] = new ElementFrame { Candidates = _query.AbsoluteContexts, Inherited = _query.AbsoluteContexts, TextStart = -1 };
        StartElement(reader);
        if (_result is null && reader.IsEmptyElement)
        {
            EndElement();
        }

        while (_result is null)
        {
            if (!reader.Read())
            {
                // The input ended inside the element: not well-formed, so nothing in it can be relied on.
                return false;
            }

            switch (reader.NodeType)
            {
                case XmlNodeType.Element:
                    StartElement(reader);
                    if (_result is null && reader.IsEmptyElement)
                    {
                        EndElement();
                    }

                    break;
                case XmlNodeType.EndElement:
                    EndElement();
                    break;
                case XmlNodeType.Text:
                case XmlNodeType.CDATA:
                case XmlNodeType.SignificantWhitespace:
                    // Whitespace-only text outside xml:space="preserve" is left out, as the XPathDocument fallback
                    // (built with XmlSpace.Default) leaves it out of every string value.
                    if (_capturing > 0)
                    {
                        _text.Append(reader);
                    }

                    break;
            }
        }

        return _result.Value;
    }

    /// <summary>Drops a large text buffer after an unusual message, so one big value does not stay pinned to the filter.</summary>
    public void Release() => _text.Release();

    private void StartElement(XmlReader reader)
    {
        var query = _query;
        var parent = _top;
        var parentCandidates = _frames[parent].Candidates;
        var inherited = _frames[parent].Inherited;

        // The element is a candidate for step s when the parent is one for s - 1 (child step) or any ancestor is
        // (descendant step), and its name passes s's test. The first element is also every relative path's context.
        var candidates = parent == 0 ? query.RelativeContexts : 0;
        var possible = ((parentCandidates << 1) & query.ChildSteps) | ((inherited << 1) & query.DescendantSteps);
        for (var m = possible; m != 0; m &= m - 1)
        {
            var s = BitOperations.TrailingZeroCount(m);
            if (query.StepNames[s].Matches(reader))
            {
                candidates |= 1UL << s;
            }
        }

        // The element may also be what a predicate of the parent asks about.
        ulong parentSatisfied = 0;
        ulong pending = 0;
        for (var m = parentCandidates & query.ChildPredicateSteps; m != 0; m &= m - 1)
        {
            var s = BitOperations.TrailingZeroCount(m);
            for (var p = query.StepPredicates[s] & ~query.AttributePredicates; p != 0; p &= p - 1)
            {
                var predicate = BitOperations.TrailingZeroCount(p);
                if (query.PredicateNames[predicate].Matches(reader))
                {
                    if ((query.ExistencePredicates & (1UL << predicate)) != 0)
                    {
                        parentSatisfied |= 1UL << predicate;
                    }
                    else
                    {
                        pending |= 1UL << predicate;
                    }
                }
            }
        }

        ulong satisfied = 0;
        var found = candidates & query.FinalExistSteps;
        if ((candidates & (query.AttributePredicateSteps | query.AttributeTestSteps)) != 0)
        {
            ReadAttributes(reader, ref candidates, ref satisfied, ref found);
        }

        var capture = pending != 0 || (candidates & query.FinalCompareSteps) != 0;
        Push(new ElementFrame
        {
            Candidates = candidates,
            Inherited = inherited | candidates,
            Found = found & candidates,
            Satisfied = satisfied,
            PendingForParent = pending,
            TextStart = capture ? _text.Length : -1,
        });
        if (capture)
        {
            _capturing++;
        }

        if (parentSatisfied != 0)
        {
            Satisfy(parent, parentSatisfied);
        }

        for (var m = candidates & found; m != 0; m &= m - 1)
        {
            TryComplete(_top, BitOperations.TrailingZeroCount(m));
        }

        CheckLiveness();
    }

    // Attribute predicates and final attribute steps are decided here, at the start tag; a candidate whose attribute
    // predicate fails is no candidate at all, so nothing below it is considered.
    private void ReadAttributes(XmlReader reader, ref ulong candidates, ref ulong satisfied, ref ulong found)
    {
        var query = _query;
        ulong wanted = 0;
        for (var m = candidates & query.AttributePredicateSteps; m != 0; m &= m - 1)
        {
            wanted |= query.StepAttributePredicates[BitOperations.TrailingZeroCount(m)];
        }

        var tests = candidates & query.AttributeTestSteps;
        if (reader.MoveToFirstAttribute())
        {
            do
            {
                if (NameTest.IsNamespaceDeclaration(reader))
                {
                    continue;
                }

                for (var p = wanted & ~satisfied; p != 0; p &= p - 1)
                {
                    var predicate = BitOperations.TrailingZeroCount(p);
                    if (query.PredicateNames[predicate].Matches(reader) && Passes(query.PredicateTests[predicate], reader))
                    {
                        satisfied |= 1UL << predicate;
                    }
                }

                for (var t = tests & ~found; t != 0; t &= t - 1)
                {
                    var s = BitOperations.TrailingZeroCount(t);
                    if (query.AttributeNames[s].Matches(reader) && Passes(query.FinalTests[s], reader))
                    {
                        found |= 1UL << s;
                    }
                }
            }
            while (reader.MoveToNextAttribute());

            reader.MoveToElement();
        }

        for (var m = candidates & query.AttributePredicateSteps; m != 0; m &= m - 1)
        {
            var s = BitOperations.TrailingZeroCount(m);
            var required = query.StepAttributePredicates[s];
            if ((satisfied & required) != required)
            {
                candidates &= ~(1UL << s);
            }
        }
    }

    private static bool Passes(ValueTest test, XmlReader reader) => test.IsExistence || test.Matches(reader.Value);

    private void EndElement()
    {
        var query = _query;
        ref var frame = ref _frames[_top];
        if (frame.TextStart >= 0)
        {
            var value = _text.From(frame.TextStart);
            ulong parentSatisfied = 0;
            for (var p = frame.PendingForParent; p != 0; p &= p - 1)
            {
                var predicate = BitOperations.TrailingZeroCount(p);
                if (query.PredicateTests[predicate].Matches(value))
                {
                    parentSatisfied |= 1UL << predicate;
                }
            }

            for (var m = frame.Candidates & query.FinalCompareSteps; m != 0; m &= m - 1)
            {
                var s = BitOperations.TrailingZeroCount(m);
                if (query.FinalTests[s].Matches(value))
                {
                    frame.Found |= 1UL << s;
                    TryComplete(_top, s);
                }
            }

            if (--_capturing == 0)
            {
                _text.Clear();
            }

            if (parentSatisfied != 0)
            {
                Satisfy(_top - 1, parentSatisfied);
            }
        }

        _top--;
        if (_result is not null)
        {
            return;
        }

        if (_top == 0)
        {
            // The element is closed: every term not yet true is false, and the expression is decided.
            _falseTerms |= query.AllTerms & ~_trueTerms;
            Decide();
            return;
        }

        CheckLiveness();
    }

    private void Satisfy(int frameIndex, ulong predicates)
    {
        _frames[frameIndex].Satisfied |= predicates;
        for (var p = predicates; p != 0; p &= p - 1)
        {
            TryComplete(frameIndex, _query.PredicateSteps[BitOperations.TrailingZeroCount(p)]);
        }
    }

    // Step s of the element at frameIndex is complete when the element is a candidate for it, its predicates hold and
    // the rest of the path was found below it; completion is passed up to the ancestors that are candidates for s - 1.
    private void TryComplete(int frameIndex, int s)
    {
        var query = _query;
        var bit = 1UL << s;
        ref var frame = ref _frames[frameIndex];
        var predicates = query.StepPredicates[s];
        if ((frame.Completed & bit) != 0 || (frame.Candidates & bit) == 0 || (frame.Found & bit) == 0
            || (frame.Satisfied & predicates) != predicates)
        {
            return;
        }

        frame.Completed |= bit;
        if ((query.ContextSteps & bit) != 0)
        {
            _trueTerms |= 1UL << query.StepTerms[s];
            Decide();
            return;
        }

        var parentBit = bit >> 1;
        var lowest = (query.DescendantSteps & bit) != 0 ? 0 : frameIndex - 1;
        for (var i = frameIndex - 1; i >= lowest; i--)
        {
            ref var ancestor = ref _frames[i];
            if ((ancestor.Candidates & parentBit) != 0)
            {
                ancestor.Found |= parentBit;
                TryComplete(i, s - 1);
            }
        }
    }

    // A term can still become true only while some open element is a candidate for one of its steps (the root's
    // candidacy counts only for descendant steps: it has no further element children).
    private void CheckLiveness()
    {
        if (_result is not null)
        {
            return;
        }

        var query = _query;
        var live = _frames[_top].Inherited & ~query.RootChildOnlyContexts;
        ulong dead = 0;
        for (var t = query.AllTerms & ~(_trueTerms | _falseTerms); t != 0; t &= t - 1)
        {
            var term = BitOperations.TrailingZeroCount(t);
            if ((query.TermSteps[term] & live) == 0)
            {
                dead |= 1UL << term;
            }
        }

        if (dead != 0)
        {
            _falseTerms |= dead;
            Decide();
        }
    }

    private void Decide() => _result = Value(_query.Root);

    // Three-valued: null while the terms it depends on are still open.
    private bool? Value(int index)
    {
        var node = _query.Nodes[index];
        switch (node.Kind)
        {
            case BooleanNodeKind.Term:
                var bit = 1UL << node.Term;
                return (_trueTerms & bit) != 0 ? true : (_falseTerms & bit) != 0 ? false : null;
            case BooleanNodeKind.Not:
                return !Value(node.Left);
            case BooleanNodeKind.And:
                var leftAnd = Value(node.Left);
                if (leftAnd == false)
                {
                    return false;
                }

                var rightAnd = Value(node.Right);
                return rightAnd == false ? false : leftAnd == true && rightAnd == true ? true : null;
            default:
                var leftOr = Value(node.Left);
                if (leftOr == true)
                {
                    return true;
                }

                var rightOr = Value(node.Right);
                return rightOr == true ? true : leftOr == false && rightOr == false ? false : null;
        }
    }

    private void Push(ElementFrame frame)
    {
        if (++_top == _frames.Length)
        {
            Array.Resize(ref _frames, _frames.Length * 2);
        }

        _frames[_top] = frame;
    }
}
