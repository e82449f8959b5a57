using System.Xml;
using System.Xml.XPath;

namespace SoapRouter.Routing;

/// <summary>
/// Evaluates an XPath 1.0 expression with the body's first child element as the context node (and as the
/// document element, so "/o:Order" and "o:Id" both work). Matches on true or a non-empty node set, the same rule
/// the config validator states (it refuses expressions that return a string or a number).
/// </summary>
internal sealed class XPathFilter : IMessageFilter
{
    private readonly XPathExpression _expression;

    // A compiled XPathExpression keeps evaluation state, so concurrent requests must not share one.
    // One spare copy is kept for reuse: in the common case a request takes it and puts it back without cloning.
    private XPathExpression? _spare;

    /// <summary>Compiles <paramref name="expression"/> once; throws <see cref="XPathException"/> when it is invalid.</summary>
    public XPathFilter(string expression, IReadOnlyDictionary<string, string>? namespaces)
    {
        ArgumentNullException.ThrowIfNull(expression);
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
    }

    /// <summary>The expression text, for logs.</summary>
    public string Expression { get; }

    /// <inheritdoc />
    public bool ReadsBody => true;

    /// <inheritdoc />
    public bool Match(IRoutableMessage message)
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
