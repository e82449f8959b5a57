using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.StreamingXPath.StreamingXPathCases;
using static SoapRouter.Tests.Routing.TestEnvelopes;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Routing.StreamingXPath;

/// <summary>
/// A streamed filter stops reading once its answer is known: a body that breaks after that point still matches
/// (the route decides on the well-formed part it read, as a match-all route does without reading at all), and a body
/// that breaks before it never matches. Neither ever throws.
/// </summary>
public sealed class StreamingXPathEarlyStopTests
{
    [Theory]
    [InlineData("<o:Broken>")]
    [InlineData("<x:Undeclared/>")]
    [InlineData("<o:A b=></o:A>")]
    [InlineData("&bogus;")]
    [InlineData("</o:Mismatched>")]
    [InlineData("<![CDATA[ unterminated")]
    public void Match_MalformedAfterTheAnswer_MatchesOnWhatWasRead(string tail)
    {
        var body = $"<o:Order {O}><o:Id>42</o:Id>{tail}</o:Order>";

        Assert.True(Streamed("/o:Order/o:Id = 42", body));
        Assert.True(Streamed("o:Id or o:Missing", body));
        Assert.True(Streamed("not(/o:Invoice)", body));

        // The loaded evaluation reads the whole body, finds it broken, and never matches.
        using var message = WithAction("urn:a", body);
        Assert.False(new XPathFilter("/o:Order/o:Id = 42", Namespaces).MatchLoaded(message));
        Assert.Equal(SoapParseErrorKind.MalformedXml, message.BodyError);
    }

    [Fact]
    public void Match_BodyEndsInsideTheElement_MatchesOnlyWhenDecidedFirst()
    {
        var truncated = $"<s:Envelope xmlns:s='{SoapNamespaces.Soap12Envelope}'><s:Body><o:Order {O}><o:Id>42</o:Id><o:Lines>";

        Assert.True(StreamedOver(truncated, "/o:Order/o:Id = 42"));
        Assert.False(StreamedOver(truncated, "/o:Order/o:Missing"));
        Assert.False(StreamedOver(truncated, "not(o:Missing)"));
    }

    [Theory]
    [InlineData("/o:Order/o:Id = 42")]
    [InlineData("o:Id")]
    [InlineData("not(o:Missing)")]
    [InlineData("o:Missing")]
    [InlineData("//o:Qty = 9")]
    public void Match_MalformedBeforeTheAnswer_DoesNotMatch(string expression)
    {
        var body = $"<o:Order {O}><o:Lines><o:Qty>1</o:Qty><o:Bad a=></o:Bad></o:Lines><o:Id>42</o:Id></o:Order>";

        Assert.False(Streamed(expression, body));
    }

    [Fact]
    public void Match_FirstElementDecides_StopsBeforeABrokenTail()
    {
        // A child path under the wrong document element is dead at the first start tag.
        var body = $"<o:Invoice {O}><o:Id>42</o:Id><o:Lines><broken";

        Assert.False(Streamed("/o:Order/o:Id = 42", body));
        Assert.True(Streamed("not(/o:Order/o:Id)", body));
        Assert.True(Streamed("/o:Invoice", body));
    }

    [Fact]
    public void Match_AnswerNearTheStartOfALargeBody_NeverReadsItsEnd()
    {
        // 2000 lines after the answer and a broken end: a filter that read them would fail.
        var body = Lines(2000, "<o:Broken>").Replace("<o:Lines>", "<o:Id>42</o:Id><o:Lines>", StringComparison.Ordinal);

        Assert.True(Streamed("/o:Order/o:Id = 42", body));
        Assert.True(Streamed("o:Lines/o:Line[@sku = 'S3']/o:Qty = 3", body));
        Assert.False(Streamed("o:Lines/o:Line[@sku = 'S2000']", body));
    }

    [Fact]
    public void Match_DepthQuotaExceededAfterTheAnswer_Matches()
    {
        var quotas = new ReaderQuotasConfig { MaxDepth = 16 };
        var deep = string.Concat(Enumerable.Repeat("<o:N>", 30)) + string.Concat(Enumerable.Repeat("</o:N>", 30));

        Assert.True(StreamedOver(Envelope(SoapVersion.Soap12, body: $"<o:Order {O}><o:Id>42</o:Id>{deep}</o:Order>"), "o:Id = 42", quotas));
        Assert.False(StreamedOver(Envelope(SoapVersion.Soap12, body: $"<o:Order {O}>{deep}<o:Id>42</o:Id></o:Order>"), "o:Id = 42", quotas));
    }

    [Fact]
    public void Match_DeepNestingWithinQuotas_AgreesWithTheLoadedBody()
    {
        var quotas = new ReaderQuotasConfig { MaxDepth = 64 };
        var xml = Envelope(SoapVersion.Soap12, body: Nested(58, "<o:Id>42</o:Id>"));

        Assert.True(StreamedOver(xml, "//o:Id = 42", quotas));
        Assert.False(StreamedOver(xml, "o:N/o:Id", quotas));
    }

    [Fact]
    public void Match_RandomlyCorruptedBodies_NeverThrow()
    {
        var original = Encoding.UTF8.GetBytes(Envelope(SoapVersion.Soap12, WsaHeader("Action", "urn:a"), Bodies[0]));
        var bodyStart = Encoding.UTF8.GetString(original).IndexOf("<o:Order", StringComparison.Ordinal);
        var filters = Streamable.Select(e => new XPathFilter(e, Namespaces)).ToArray();
        var reader = new SoapEnvelopeReader(new ReaderQuotasConfig { MaxDepth = 16 });
        var random = new Random(4242);
        var matched = 0;

        for (var i = 0; i < 2000; i++)
        {
            var bytes = (byte[])original.Clone();
            for (var k = random.Next(1, 4); k > 0; k--)
            {
                bytes[random.Next(bodyStart, bytes.Length)] = (byte)random.Next(256);
            }

            using var view = reader.ReadText(new ArraySegment<byte>(bytes), "/", null).Message;
            if (view is null)
            {
                continue;
            }

            var filter = filters[random.Next(filters.Length)];
            matched += filter.Match(view) ? 1 : 0;
        }

        Assert.InRange(matched, 1, 1999);
    }

    private static bool Streamed(string expression, string body)
    {
        using var message = WithAction("urn:a", body);
        var filter = new XPathFilter(expression, Namespaces);
        Assert.True(filter.IsStreamable);
        return filter.Match(message);
    }

    private static bool StreamedOver(string envelope, string expression, ReaderQuotasConfig? quotas = null)
    {
        var result = TryParse(envelope, quotas: quotas);
        Assert.True(result.Succeeded, result.ErrorMessage);
        using var message = result.Message;
        var filter = new XPathFilter(expression, Namespaces);
        Assert.True(filter.IsStreamable);
        return filter.Match(message);
    }
}
