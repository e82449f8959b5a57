namespace SoapRouter.Routing.StreamingXPath;

/// <summary>
/// The test one node of a node-set must pass for a comparison with a literal to be true. XPath compares a node-set
/// with a string or number existentially, so a comparison holds when any node passes this test.
/// </summary>
internal readonly struct ValueTest
{
    private readonly string _literal;
    private readonly double _number;

    private ValueTest(ValueComparison comparison, string literal, double number)
    {
        Comparison = comparison;
        _literal = literal;
        _number = number;
    }

    /// <summary>A test every node passes.</summary>
    public static ValueTest Exists => new(ValueComparison.Exists, "", 0);

    /// <summary>What the test compares.</summary>
    public ValueComparison Comparison { get; }

    /// <summary>True when only the node's existence matters, so its value need not be read.</summary>
    public bool IsExistence => Comparison == ValueComparison.Exists;

    /// <summary><c>= literal</c> or <c>!= literal</c>.</summary>
    public static ValueTest String(string literal, bool equal) =>
        new(equal ? ValueComparison.StringEquals : ValueComparison.StringNotEquals, literal, 0);

    /// <summary><c>= number</c> or <c>!= number</c>.</summary>
    public static ValueTest Number(double number, bool equal) =>
        new(equal ? ValueComparison.NumberEquals : ValueComparison.NumberNotEquals, "", number);

    /// <summary>True when a node with string value <paramref name="value"/> passes. Whitespace is significant.</summary>
    public bool Matches(ReadOnlySpan<char> value) => Comparison switch
    {
        ValueComparison.StringEquals => value.SequenceEqual(_literal),
        ValueComparison.StringNotEquals => !value.SequenceEqual(_literal),
        ValueComparison.NumberEquals => XPathNumber.Parse(value) == _number,
        ValueComparison.NumberNotEquals => XPathNumber.Parse(value) != _number,
        _ => true,
    };
}
