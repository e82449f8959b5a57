namespace SoapRouter.Tests.Routing.StreamingXPath;

/// <summary>
/// The expressions and bodies the streaming XPath evaluator is checked against the XPathDocument evaluation with.
/// Bodies are the content of the SOAP Body; prefix o is urn:test:orders and p is urn:test:other in the expressions.
/// </summary>
internal static class StreamingXPathCases
{
    public const string O = "xmlns:o='urn:test:orders'";

    public static readonly Dictionary<string, string> Namespaces = new()
    {
        ["o"] = "urn:test:orders",
        ["p"] = "urn:test:other",
    };

    /// <summary>Expressions inside the streamable subset: each must stream, and agree with the loaded evaluation.</summary>
    public static readonly string[] Streamable =
    [
        // Paths, absolute and relative, and their existence.
        "/o:Order", "o:Id", "/o:Order/o:Id", "/o:Order/o:Missing", "o:Customer/o:Name", "/o:Invoice", "/o:Invoice/o:Id",
        "/Order", "/Order/Id", "Id", "/*", "/*/*", "*", "/o:*", "o:*", "/p:*", "/p:Order/p:Id", "p:Id", "o:Lines/o:Line",

        // Comparisons: existential over the node-set, numbers through number(), whitespace significant.
        "/o:Order/o:Id = 42", "/o:Order/o:Id = '42'", "/o:Order/o:Id != 42", "/o:Order/o:Id != '42'", "o:Id = 43",
        "'42' = o:Id", "42 = o:Id", "o:Id = 42.0", "o:Id = -42", "o:Id = ' 42 '", "o:Id = '42 '", "o:Id != ' 42 '",
        "/Order/Id = 42", "o:Qty = 5", "o:Qty != 5", "o:Qty = 0", "o:Qty = -0", "o:Qty = 0.5", "o:Qty = '5'", "o:Qty = 50",
        "o:Qty = .5", "o:Qty = 5.", "o:Qty != 'abc'", "o:Name = ''", "o:Name = ' '", "o:Name != ''", "o:Note = 'a  c'",
        "o:Note = 'a c'", "o:Note = 'a x c'", "o:Name = 'a&b <c>'", "o:Code = 'A'", "o:Id = '4 2'", "o:Id = '42'",
        "o:Customer = 'AdaNL'", "/o:Order = '4210.5'", "o:Lines/o:Line = '1'",

        // Descendants.
        "//o:Qty", "//o:Qty = 3", "//o:Qty = 4", "//o:Line/o:Qty", "//o:Line//o:Qty = 3", "/o:Order//o:Qty",
        "o:Lines//o:Qty = 5", "//o:Order", "//o:Id = 42", "//*", "//o:Line//o:Line", "o:Line//o:Qty", "//o:N//o:Id = 42",
        "//Id", "//o:Line[o:Qty = 3]",

        // Attributes: final steps and predicates.
        "/o:Order[@id]", "/o:Order[@id = '7']", "/o:Order[@id = 7]", "/o:Order[@id != '7']", "/o:Order[@o:kind = 'rush']",
        "/o:Order[@p:id]", "/o:Order/@id", "/o:Order/@id = 7", "@id", "@id = '7'", "@*", "@o:*", "@p:id = 9",
        "o:Lines/o:Line/@sku = 'B2'", "o:Lines/o:Line/@sku", "//o:Line/@sku = 'A1'", "//*[@sku = 'B2']", "@xmlns",
        "@o", "/o:Order[@*]",

        // Element predicates, also where the second of several children is the one that matches.
        "/o:Order[o:Id = 42]", "/o:Order[o:Id = 42]/o:Total", "/o:Order[o:Total = 10.5]/o:Id = 42", "o:Lines/o:Line[o:Qty = 5]",
        "o:Lines/o:Line[o:Qty = 5]/@sku = 'B2'", "o:Lines/o:Line[@sku = 'A1']/o:Qty = 1", "o:Lines/o:Line[@sku='A1'][o:Qty = 5]",
        "o:Lines/o:Line[o:Qty]", "o:Lines/o:Line[o:Missing]", "o:Lines/o:Line[o:Qty != 1]", "o:Customer[o:Name = 'Ada'][o:Country = 'NL']",
        "o:Customer['Ada' = o:Name]", "/o:Order[o:Id]/o:Id = 42", "o:Line[o:Line]", "/o:Order[o:Id = 1]", "/o:Order[o:Id != 1]",
        "/o:Order[o:Id = 42][o:Id = 1]", "/*[o:Id = 42]", "/o:Order[*]", "o:Lines/o:Line[o:Qty = '5.0']/o:Qty = 5",

        // Boolean structure.
        "o:Id and o:Total", "o:Id and o:Missing", "o:Missing or o:Id", "o:Missing or o:Absent", "not(o:Id)", "not(o:Missing)",
        "not(/o:Invoice)", "boolean(o:Id)", "boolean(o:Missing)", "not(o:Id = 42)", "(o:Id = 1 or o:Id = 42) and not(o:Total = 0)",
        "not(not(o:Id))", "o:Id = 42 and o:Total = 10.5", "/o:Order or /o:Invoice", "/o:Invoice and o:Id", "not(o:Id != 42)",
        "o:Id = 42 or o:Id = 1", "not(o:Id = 42) and not(o:Id = 1)", "boolean(not(o:Qty = 5))", "(o:Id)", "not((/o:Order))",
    ];

    /// <summary>Valid expressions outside the subset: they must fall back (and still match as before).</summary>
    public static readonly string[] NotStreamable =
    [
        "count(o:Lines/o:Line) > 1", "/o:Order[o:Total > 10]", "o:Lines/o:Line[1]", "string(o:Id)", "self::o:Order",
        "./o:Id", "o:Id | o:Total", "o:Lines/o:Line[o:Qty = 5 and @sku]", "contains(o:Name, 'A')", "o:Id = o:Total",
        "//@id", "/@id", "o:Id/text() = '42'", "true()", "/", "-o:Id = -42", "o:Id = 42 = true()", "(o:Id) = 42",
        "o:Line[o:Qty/o:X]", "o:Id + 1 = 43", "o:Id > 4", "child::o:Id", "o:Id = 'a' or 5", "boolean('x')", "..",
        "o:Lines/o:Line[last()]", "o:Id[. = 42]", "/o:Order/o:Id[@x][1]", "o:Id = true()", "o:Lines/o:Line/@sku[. = 'A1']",
    ];

    /// <summary>Well-formed bodies: each expression must give the same answer streamed and loaded.</summary>
    public static readonly string[] Bodies =
    [
        $"<o:Order {O} id='7' o:kind='rush'><o:Id>42</o:Id><o:Total>10.5</o:Total><o:Customer><o:Name>Ada</o:Name><o:Country>NL</o:Country></o:Customer><o:Lines><o:Line sku='A1'><o:Qty>1</o:Qty></o:Line><o:Line sku='B2'><o:Qty>5.0</o:Qty></o:Line></o:Lines></o:Order>",
        $"<o:Order {O}><o:Id>1</o:Id><o:Id>42</o:Id></o:Order>",
        $"<o:Order {O}><o:Id> 42 </o:Id><o:Name>  </o:Name><o:Note>a <b/> c</o:Note></o:Order>",
        $"<o:Order {O}>\n  <o:Id>42</o:Id>\n  <o:Note>a <o:X>x</o:X> c</o:Note>\n</o:Order>",
        "<o:Order xmlns:o='urn:test:other'><o:Id>42</o:Id></o:Order>",
        "<Order xmlns='urn:test:orders'><Id>42</Id><Total>10.5</Total></Order>",
        "<Order id='7'><Id>42</Id><Lines><Line>x</Line></Lines></Order>",
        $"<o:Order {O}><o:Line><o:Line><o:Qty>3</o:Qty></o:Line></o:Line><o:Qty>4</o:Qty><o:Line sku='A1'/></o:Order>",
        $"<o:Order {O}/>",
        $"<o:Order {O} id=''/>",
        $"<o:Order {O}><o:Id><!-- c -->4<![CDATA[2]]></o:Id><o:Total><![CDATA[ ]]></o:Total></o:Order>",
        $"<o:Order {O} xml:space='preserve'><o:Name> </o:Name><o:Id> 42</o:Id><o:Note>a  c</o:Note></o:Order>",
        $"<o:Order {O}><o:Name xml:space='preserve'>  </o:Name><o:Name> </o:Name></o:Order>",
        $"<o:Order {O}><o:Name>a&amp;b &lt;c&gt;</o:Name><o:Code>&#x41;</o:Code><o:Name>&#32;</o:Name></o:Order>",
        $"<o:Order {O} xmlns:p='urn:test:other' p:id='9' id='7'><p:Id>42</p:Id></o:Order>",
        $"<p:Order xmlns:p='urn:test:other'><p:Id>42</p:Id><o:Id {O}>42</o:Id></p:Order>",
        $"<o:Invoice {O}><o:Id>42</o:Id></o:Invoice>",
        $"<o:A {O}><o:Id>1</o:Id></o:A><o:Order {O}><o:Id>42</o:Id></o:Order>",
        $"text before <o:Order {O}><o:Id>42</o:Id></o:Order>",
        $"<o:Order {O}><o:Customer><o:Name>Ada</o:Name><o:Country>DE</o:Country></o:Customer><o:Customer><o:Name>Bob</o:Name><o:Country>NL</o:Country></o:Customer><o:Customer><o:Name>Ada</o:Name><o:Country>NL</o:Country></o:Customer></o:Order>",
        $"<o:Order {O}><o:Lines><o:Line sku='A1'><o:Qty>5</o:Qty></o:Line><o:Line sku='B2'><o:Qty>1</o:Qty></o:Line></o:Lines></o:Order>",
        $"<o:Order {O}><o:Lines><o:Line><o:Qty>5</o:Qty><o:Qty>7</o:Qty></o:Line><o:Line sku='A1'/></o:Lines></o:Order>",
        $"<o:Order {O}><o:Lines><o:Line sku='A1'><o:Qty>5</o:Qty></o:Line></o:Lines><o:Id>42</o:Id><o:Id>1</o:Id></o:Order>",
        $"<o:Order {O}><o:Total>10.5</o:Total><o:Id>42</o:Id><o:Id>42</o:Id></o:Order>",
        $"<o:Order {O}><o:Id>42</o:Id><o:Id>42</o:Id><o:Total>0</o:Total></o:Order>",
        Nested(50, "<o:Id>42</o:Id>"),
        Nested(3, "<o:N><o:Id>7</o:Id></o:N><o:Id>42</o:Id>"),
        Lines(200, "<o:Id>42</o:Id>"),
        .. NumberBodies(),
    ];

    // One Qty per body, so the existential comparison does not hide a disagreement on a single value.
    private static IEnumerable<string> NumberBodies()
    {
        string[] values = ["5", "5.0", "05", " 5 ", "abc", "", "+5", "1e1", "-0", ".5", "5.", "Infinity", "NaN", "\t5\n", "- 5", "0.50", "5 0", "&#xA0;5"];
        foreach (var value in values)
        {
            yield return $"<o:Order {O}><o:Qty>{value}</o:Qty></o:Order>";
        }
    }

    /// <summary>An Order whose content is wrapped in <paramref name="depth"/> o:N elements.</summary>
    public static string Nested(int depth, string inner) =>
        $"<o:Order {O}>{string.Concat(Enumerable.Repeat("<o:N>", depth))}{inner}{string.Concat(Enumerable.Repeat("</o:N>", depth))}</o:Order>";

    /// <summary>An Order with <paramref name="count"/> lines followed by <paramref name="tail"/>.</summary>
    public static string Lines(int count, string tail)
    {
        var lines = string.Concat(Enumerable.Range(0, count).Select(i => $"<o:Line sku='S{i}'><o:Qty>{i % 7}</o:Qty></o:Line>"));
        return $"<o:Order {O}><o:Lines>{lines}</o:Lines>{tail}</o:Order>";
    }
}
