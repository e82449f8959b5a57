using System.Xml;

namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// Recognises the streamable subset of XPath 1.0 and builds a <see cref="StreamingQuery"/> for it:
/// <code>
/// Expr      := And ('or' And)*
/// And       := Equality ('and' Equality)*
/// Equality  := Operand (('=' | '!=') Operand)?      one side a path, the other a literal or a number
/// Operand   := Path | Literal | '-'? Number | ('not' | 'boolean') '(' Expr ')' | '(' Expr ')'
/// Path      := ('/' | '//')? Step (('/' | '//') Step)* ('/' '@' NameTest)?   or a lone '@' NameTest
/// Step      := NameTest ('[' Predicate ']')*        NameTest is *, p:* or a (prefixed) name
/// Predicate := ('@'? NameTest) (('=' | '!=') Constant)? | Constant ('=' | '!=') '@'? NameTest
/// </code>
/// Anything else (other axes, '.', functions, positions, relational operators, unions, variables) is refused, and the
/// filter evaluates that expression over the loaded body instead. The parser never reports syntax errors: the full
/// compiler, which runs on every expression, does.
/// </summary>
internal sealed class StreamingQueryParser
{
    private readonly List<XPathToken> _tokens;
    private readonly IXmlNamespaceResolver _namespaces;
    private readonly StreamingQueryBuilder _builder = new();
    private int _position;

    private StreamingQueryParser(List<XPathToken> tokens, IXmlNamespaceResolver namespaces)
    {
        _tokens = tokens;
        _namespaces = namespaces;
    }

    private XPathToken Current => _tokens[_position];

    /// <summary>The streaming form of <paramref name="expression"/>, or null when it is outside the subset.</summary>
    public static StreamingQuery? TryParse(string expression, IXmlNamespaceResolver namespaces)
    {
        ArgumentNullException.ThrowIfNull(expression);
        var parser = new StreamingQueryParser(XPathLexer.Tokenize(expression), namespaces);
        if (!parser.TryExpression(out var result) || parser.Current.Kind != XPathTokenKind.End
            || !parser.TryBoolean(result, out var root))
        {
            return null;
        }

        return parser._builder.Build(root);
    }

    private bool TryExpression(out XPathOperand result) => TryLogical(or: true, out result);

    // Expr := And ('or' And)*, And := Equality ('and' Equality)*: "and" binds tighter, as in XPath.
    private bool TryLogical(bool or, out XPathOperand result)
    {
        var parsed = or ? TryLogical(or: false, out result) : TryEquality(out result);
        if (!parsed)
        {
            return false;
        }

        while (IsOperatorName(or ? "or" : "and"))
        {
            _position++;
            var right = default(XPathOperand);
            if (!(or ? TryLogical(or: false, out right) : TryEquality(out right))
                || !TryBoolean(result, out var l) || !TryBoolean(right, out var r))
            {
                return false;
            }

            result = XPathOperand.OfBoolean(or ? _builder.Or(l, r) : _builder.And(l, r));
        }

        return true;
    }

    private bool TryEquality(out XPathOperand result)
    {
        if (!TryOperand(out result))
        {
            return false;
        }

        if (Current.Kind is not (XPathTokenKind.EqualsSign or XPathTokenKind.NotEquals))
        {
            return true;
        }

        var equal = Current.Kind == XPathTokenKind.EqualsSign;
        _position++;
        if (!TryOperand(out var right))
        {
            return false;
        }

        // A node-set against a string or number is existential and symmetric; every other pairing falls back.
        var (path, constant) = result.Kind == XPathOperandKind.Path ? (result, right) : (right, result);
        if (path.Kind != XPathOperandKind.Path || !constant.IsConstant
            || Current.Kind is XPathTokenKind.EqualsSign or XPathTokenKind.NotEquals)
        {
            return false;
        }

        result = XPathOperand.OfBoolean(_builder.AddTerm(path.Path!, constant.CompareWith(equal)));
        return true;
    }

    private bool TryOperand(out XPathOperand result)
    {
        result = default;
        var token = Current;
        switch (token.Kind)
        {
            case XPathTokenKind.Literal:
                _position++;
                result = XPathOperand.OfLiteral(token.Value);
                return true;
            case XPathTokenKind.Number:
            case XPathTokenKind.Minus:
                return TryNumber(out result);
            case XPathTokenKind.LeftParen:
                _position++;
                return TryGroup(out result);
            case XPathTokenKind.Name when Peek(1) == XPathTokenKind.LeftParen:
                return TryFunction(out result);
        }

        if (!TryPath(out var path))
        {
            return false;
        }

        result = XPathOperand.OfPath(path);
        return true;
    }

    private bool TryNumber(out XPathOperand result)
    {
        result = default;
        var negative = Current.Kind == XPathTokenKind.Minus;
        if (negative)
        {
            _position++;
        }

        if (Current.Kind != XPathTokenKind.Number)
        {
            return false;
        }

        var value = XPathNumber.Parse(Current.Value);
        _position++;
        result = XPathOperand.OfNumber(negative ? -value : value);
        return true;
    }

    // '(' Expr ')' as a boolean; a parenthesised path compared or filtered further falls back (the caller sees the token).
    private bool TryGroup(out XPathOperand result)
    {
        result = default;
        if (!TryExpression(out var inner) || Current.Kind != XPathTokenKind.RightParen || !TryBoolean(inner, out var node))
        {
            return false;
        }

        _position++;
        result = XPathOperand.OfBoolean(node);
        return true;
    }

    private bool TryFunction(out XPathOperand result)
    {
        result = default;
        var name = Current;
        if (name.Prefix.Length != 0 || name.Value is not ("not" or "boolean"))
        {
            return false;
        }

        _position += 2;
        if (!TryExpression(out var argument) || Current.Kind != XPathTokenKind.RightParen || !TryBoolean(argument, out var node))
        {
            return false;
        }

        _position++;
        result = XPathOperand.OfBoolean(name.Value == "not" ? _builder.Not(node) : node);
        return true;
    }

    private bool TryPath(out LocationPathSyntax path)
    {
        path = null!;
        var absolute = false;
        var descendant = false;
        if (Current.Kind is XPathTokenKind.Slash or XPathTokenKind.DoubleSlash)
        {
            absolute = true;
            descendant = Current.Kind == XPathTokenKind.DoubleSlash;
            _position++;
        }

        var steps = new List<LocationStepSyntax>();
        while (true)
        {
            if (Current.Kind == XPathTokenKind.At)
            {
                // A final attribute step: of the last element, or of the context for a lone "@name". "/@x" (the root has
                // no attributes) and "//@x" (attributes at any depth, including the element itself) fall back.
                _position++;
                if (descendant || (absolute && steps.Count == 0) || !TryNameTest(out var attribute) || IsPathContinuation())
                {
                    return false;
                }

                path = new LocationPathSyntax(absolute, steps, attribute);
                return true;
            }

            if (!TryStep(descendant, out var step))
            {
                return false;
            }

            steps.Add(step);
            if (Current.Kind is not (XPathTokenKind.Slash or XPathTokenKind.DoubleSlash))
            {
                path = new LocationPathSyntax(absolute, steps, null);
                return true;
            }

            descendant = Current.Kind == XPathTokenKind.DoubleSlash;
            _position++;
        }
    }

    private bool TryStep(bool descendant, out LocationStepSyntax step)
    {
        step = null!;
        if (Current.Kind == XPathTokenKind.Name && Peek(1) == XPathTokenKind.LeftParen)
        {
            // text(), node() and friends.
            return false;
        }

        if (!TryNameTest(out var name))
        {
            return false;
        }

        var predicates = new List<StepPredicateSyntax>();
        while (Current.Kind == XPathTokenKind.LeftBracket)
        {
            _position++;
            if (!TryPredicate(out var predicate) || Current.Kind != XPathTokenKind.RightBracket)
            {
                return false;
            }

            _position++;
            predicates.Add(predicate);
        }

        step = new LocationStepSyntax(descendant, name, predicates);
        return true;
    }

    private bool TryPredicate(out StepPredicateSyntax predicate)
    {
        predicate = null!;
        XPathOperand constant = default;
        var equal = false;
        var constantFirst = Current.Kind is XPathTokenKind.Literal or XPathTokenKind.Number or XPathTokenKind.Minus;
        if (constantFirst && (!TryConstant(out constant) || !TryComparison(out equal)))
        {
            return false;
        }

        var isAttribute = Current.Kind == XPathTokenKind.At;
        if (isAttribute)
        {
            _position++;
        }

        if ((Current.Kind == XPathTokenKind.Name && Peek(1) == XPathTokenKind.LeftParen) || !TryNameTest(out var name)
            || IsPathContinuation() || Current.Kind == XPathTokenKind.LeftBracket)
        {
            // [5] (a position), [a/b], [a[b]], [f()]: outside the subset.
            return false;
        }

        var test = ValueTest.Exists;
        if (constantFirst)
        {
            test = constant.CompareWith(equal);
        }
        else if (TryComparison(out var equalAfter))
        {
            if (!TryConstant(out constant))
            {
                return false;
            }

            test = constant.CompareWith(equalAfter);
        }

        predicate = new StepPredicateSyntax(isAttribute, name, test);
        return true;
    }

    private bool TryComparison(out bool equal)
    {
        equal = Current.Kind == XPathTokenKind.EqualsSign;
        if (Current.Kind is not (XPathTokenKind.EqualsSign or XPathTokenKind.NotEquals))
        {
            return false;
        }

        _position++;
        return true;
    }

    private bool TryConstant(out XPathOperand constant)
    {
        if (Current.Kind == XPathTokenKind.Literal)
        {
            constant = XPathOperand.OfLiteral(Current.Value);
            _position++;
            return true;
        }

        return TryNumber(out constant);
    }

    private bool TryNameTest(out NameTest name)
    {
        name = default;
        var token = Current;
        switch (token.Kind)
        {
            case XPathTokenKind.Star:
                name = NameTest.Any;
                break;
            case XPathTokenKind.PrefixStar when Resolve(token.Prefix) is { } ns:
                name = NameTest.InNamespace(ns);
                break;
            case XPathTokenKind.Name when token.Prefix.Length == 0:
                // XPath 1.0: an unprefixed name is in no namespace, whatever the document's default namespace.
                name = NameTest.Exact(token.Value, "");
                break;
            case XPathTokenKind.Name when Resolve(token.Prefix) is { } ns:
                name = NameTest.Exact(token.Value, ns);
                break;
            default:
                return false;
        }

        _position++;
        return true;
    }

    private string? Resolve(string prefix) => _namespaces.LookupNamespace(prefix);

    private bool TryBoolean(XPathOperand operand, out int node)
    {
        switch (operand.Kind)
        {
            case XPathOperandKind.Boolean:
                node = operand.Node;
                return true;
            case XPathOperandKind.Path:
                // A node-set is true when it is not empty.
                node = _builder.AddTerm(operand.Path!, ValueTest.Exists);
                return true;
            default:
                // boolean('x') or boolean(5): legal, pointless, and left to the full evaluator.
                node = -1;
                return false;
        }
    }

    private bool IsOperatorName(string name) =>
        Current.Kind == XPathTokenKind.Name && Current.Prefix.Length == 0 && Current.Value == name;

    private bool IsPathContinuation() => Current.Kind is XPathTokenKind.Slash or XPathTokenKind.DoubleSlash;

    private XPathTokenKind Peek(int ahead) =>
        _position + ahead < _tokens.Count ? _tokens[_position + ahead].Kind : XPathTokenKind.End;
}
