using System.Xml;
using System.Xml.XPath;
using SoapRouter.Routing.StreamingXPath;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Routing;

/// <summary>
/// Evaluates an XPath 1.0 expression with the body's first child element as the context node (and as the
/// document element, so "/o:Order" and "o:Id" both work). Matches on true or a non-empty node set, the same rule
/// the config validator states (it refuses expressions that return a string or a number).
/// </summary>
/// <remarks>
/// Expressions in the streamable subset (see <see cref="StreamingQueryParser"/>: child and descendant steps, name
/// tests, predicates comparing a child or attribute with a literal, =, !=, and, or, not(), boolean()) run over a
/// forward-only reader and stop reading as soon as the answer is known, so a match near the start of a large body
/// costs little. Every other expression is evaluated over the whole body loaded into an XPathDocument.
/// A malformed body never matches when the malformation is read before the answer is known. When the answer comes
/// first, the route matches on the well-formed part it read and the message is forwarded as it is, as a match-all
/// route forwards it without reading the body at all: the router routes, the backend validates.
/// </remarks>
internal sealed class XPathFilter : IMessageFilter
{
    private readonly XPathExpression _expression;
    private readonly StreamingQuery? _streaming;

    // A compiled XPathExpression keeps evaluation state, so concurrent requests must not share one.
    // One spare copy is kept for reuse: in the common case a request takes it and puts it back without cloning.
    private XPathExpression? _spare;

    /// <summary>Compiles <paramref name="expression"/> once; throws <see cref="XPathException"/> when it is invalid.</summary>
    public XPathFilter(string expression, IReadOnlyDictionary<string, string>? namespaces)
    {
        var resolver = new XmlNamespaceManager(new NameTable());
        if (namespaces is not null)
        {
            foreach (var (prefix, uri) in namespaces)
            {
                resolver.AddNamespace(prefix, uri);
            }
        }

        _expression = XPathExpression.Compile(expression, resolver);
        Expression = expression;

        // Compile resolves prefixes lazily; an evaluation over an empty document surfaces undefined
        // prefixes and unknown functions now, at build time, instead of on the first message.
        _ = ProbeDocument().CreateNavigator().Evaluate(_expression.Clone());
        _spare = _expression.Clone();

        // Only an expression the full compiler accepted is streamed, so the subset parser never has to judge syntax.
        _streaming = StreamingQueryParser.TryParse(expression, resolver);
    }

    /// <summary>The expression text, for logs.</summary>
    public string Expression { get; }

    /// <summary>What the expression evaluates to (the config validator refuses string and number results).</summary>
    public XPathResultType ReturnType => _expression.ReturnType;

    /// <summary>True when the expression runs over a forward-only reader rather than the loaded body.</summary>
    public bool IsStreamable => _streaming is not null;

    /// <inheritdoc />
    public bool ReadsBody => true;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return _streaming is null ? MatchLoaded(message) : MatchStreamed(message, _streaming);
    }

    /// <summary>Evaluates over the whole body loaded into an XPathDocument, streamable or not; tests compare the two.</summary>
    internal bool MatchLoaded(IRoutableMessage message)
    {
        var navigator = message.CreateBodyNavigator();
        if (navigator is null)
        {
            return false;
        }

        var expression = Interlocked.Exchange(ref _spare, null) ?? _expression.Clone();
        try
        {
            return IsTruthy(navigator.Evaluate(expression));
        }
        catch (XPathException)
        {
            // Runtime XPath errors (a function given the wrong node type, say) mean "no match", not a failed request.
            return false;
        }
        finally
        {
            _spare = expression;
        }
    }

    private static bool MatchStreamed(IRoutableMessage message, StreamingQuery query)
    {
        using var reader = message.OpenBodyReader();
        if (reader is null)
        {
            return false;
        }

        try
        {
            return query.Evaluate(reader);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            // The body broke (or exceeded a reader quota) before the answer was known.
            return false;
        }
    }

    private static XPathDocument ProbeDocument()
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
        using var reader = XmlReader.Create(new StringReader("<probe/>"), settings);
        return new XPathDocument(reader);
    }

    private static bool IsTruthy(object? result) => result switch
    {
        bool b => b,
        XPathNodeIterator nodes => nodes.MoveNext(),
        _ => false,
    };
}
