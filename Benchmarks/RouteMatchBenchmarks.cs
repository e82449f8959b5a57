using System.Globalization;
using BenchmarkDotNet.Attributes;
using SoapRouter.Configuration;
using SoapRouter.Routing;

namespace SoapRouter.Benchmarks;

/// <summary>
/// The routing cost of one message: reading the envelope up to the Body (as the listener does) and matching it
/// against a route table with one route of each kind. The match-all route is the baseline, so the ratio column
/// says what a filter adds to a message's routing cost.
/// </summary>
[MemoryDiagnoser]
public class RouteMatchBenchmarks
{
    private const string Path = "/router/soap12";

    private readonly SoapEnvelopeReader _reader = new(new ReaderQuotasConfig());
    private ArraySegment<byte> _message;
    private RouteTable _matchAll = RouteTable.Empty;
    private RouteTable _action = RouteTable.Empty;
    private RouteTable _xpathNearStart = RouteTable.Empty;
    private RouteTable _xpathAtEnd = RouteTable.Empty;
    private RouteTable _xpathFallback = RouteTable.Empty;

    /// <summary>Approximate size of the message in KB.</summary>
    [Params(1, 100)]
    public int SizeKB { get; set; }

    /// <summary>Builds the message and one table per filter kind.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var message = OrderBatchMessage.Create(SizeKB * 1024);
        _message = new ArraySegment<byte>(message.Bytes);
        Console.WriteLine(Invariant($"// {SizeKB} KB case: {message.Bytes.Length} bytes, {message.OrderCount} orders"));
        _matchAll = Table(new FilterConfig { Type = FilterTypes.MatchAll });
        _action = Table(new FilterConfig { Type = FilterTypes.Action, Value = OrderBatchMessage.Action });
        _xpathNearStart = Table(XPath(Invariant($"/t:SubmitOrders/d:ArrayOfOrder/d:Order/d:CustomerID = {message.FirstCustomerId}")));
        _xpathAtEnd = Table(XPath(Invariant($"/t:SubmitOrders/d:ArrayOfOrder/d:Order/d:CustomerID = {message.LastCustomerId}")));

        // count() is outside the streamable subset, so this one always loads the whole body.
        _xpathFallback = Table(XPath(Invariant($"count(/t:SubmitOrders/d:ArrayOfOrder/d:Order) = {message.OrderCount}")));

        // A benchmark that routes nowhere would measure the wrong thing: every table must match this message.
        foreach (var table in new[] { _matchAll, _action, _xpathNearStart, _xpathAtEnd, _xpathFallback })
        {
            if (Route(table) is null)
            {
                throw new InvalidOperationException($"A benchmark route does not match the {SizeKB} KB message.");
            }
        }
    }

    /// <summary>A route with a matchAll filter: the envelope read alone.</summary>
    [Benchmark(Baseline = true)]
    public string? MatchAll() => Route(_matchAll);

    /// <summary>A route on the exact action.</summary>
    [Benchmark]
    public string? Action() => Route(_action);

    /// <summary>An XPath decided by the first order's CustomerID, near the start of the body.</summary>
    [Benchmark]
    public string? XPathNearStart() => Route(_xpathNearStart);

    /// <summary>An XPath decided by the last order's CustomerID, at the end of the body.</summary>
    [Benchmark]
    public string? XPathAtEnd() => Route(_xpathAtEnd);

    /// <summary>An XPath outside the streamable subset, evaluated over the whole body loaded in an XPathDocument.</summary>
    [Benchmark]
    public string? XPathFallback() => Route(_xpathFallback);

    private string? Route(RouteTable table)
    {
        var parsed = _reader.ReadText(_message, Path, transportAction: null);
        using var view = parsed.Message ?? throw new InvalidOperationException(parsed.ErrorMessage);
        return table.Match(view)?.Name;
    }

    private static RouteTable Table(FilterConfig filter) => RouteTable.Build(new RouterConfig
    {
        Routes = [new RouteConfig { Name = filter.Type, Cluster = "orders", Filters = [filter] }],
    });

    private static FilterConfig XPath(string expression) => new()
    {
        Type = FilterTypes.XPath,
        Expression = expression,
        Namespaces = new Dictionary<string, string> { ["t"] = OrderBatchMessage.ServiceNs, ["d"] = OrderBatchMessage.DataNs },
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
