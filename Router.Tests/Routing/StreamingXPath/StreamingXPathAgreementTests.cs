using SoapRouter.Routing;
using static SoapRouter.Tests.Routing.StreamingXPath.StreamingXPathCases;
using static SoapRouter.Tests.Routing.TestEnvelopes;

namespace SoapRouter.Tests.Routing.StreamingXPath;

/// <summary>
/// The key correctness test of the streaming XPath filter: for every expression of the subset and every body, the
/// streamed answer equals the answer of the same expression evaluated over the body loaded into an XPathDocument.
/// </summary>
public sealed class StreamingXPathAgreementTests
{
    public static TheoryData<int> BodyIndexes()
    {
        var data = new TheoryData<int>();
        for (var i = 0; i < Bodies.Length; i++)
        {
            data.Add(i);
        }

        return data;
    }

    [Fact]
    public void Streamable_EveryExpression_IsStreamed()
    {
        var notStreamed = Streamable.Where(e => !new XPathFilter(e, Namespaces).IsStreamable).ToList();

        Assert.Empty(notStreamed);
    }

    [Fact]
    public void NotStreamable_EveryExpression_FallsBack()
    {
        var streamed = NotStreamable.Where(e => new XPathFilter(e, Namespaces).IsStreamable).ToList();

        Assert.Empty(streamed);
    }

    [Theory]
    [MemberData(nameof(BodyIndexes))]
    public void Match_StreamedAndLoaded_Agree(int bodyIndex)
    {
        var body = Bodies[bodyIndex];
        var disagreements = new List<string>();
        var matched = 0;
        foreach (var expression in Streamable)
        {
            var filter = new XPathFilter(expression, Namespaces);
            using var streamedMessage = WithAction("urn:a", body);
            using var loadedMessage = WithAction("urn:a", body);

            var streamed = filter.Match(streamedMessage);
            var loaded = filter.MatchLoaded(loadedMessage);

            Assert.False(streamedMessage.IsBodyLoaded, expression);
            Assert.Equal(SoapParseErrorKind.None, loadedMessage.BodyError);
            matched += loaded ? 1 : 0;
            if (streamed != loaded)
            {
                disagreements.Add($"{expression}: streamed {streamed}, loaded {loaded}");
            }

            // The other order on the same views: loading after the view's own reader was handed to the stream, and
            // streaming from a fresh reader after the body was loaded.
            if (filter.MatchLoaded(streamedMessage) != loaded || filter.Match(loadedMessage) != loaded)
            {
                disagreements.Add($"{expression}: answers change when the same message is read twice");
            }
        }

        Assert.True(disagreements.Count == 0, $"Body {body}{Environment.NewLine}{string.Join(Environment.NewLine, disagreements)}");

        // Every body is matched by some expressions and not by others, so agreement is not agreement on "false".
        Assert.InRange(matched, 1, Streamable.Length - 1);
    }

    [Fact]
    public void Match_MoreTermsThanTheMasksHold_FallsBackAndStillMatches()
    {
        // 40 two-step paths need 120 step bits; the streaming layout has 64.
        var expression = string.Join(" or ", Enumerable.Range(0, 40).Select(i => $"o:Lines/o:Line[@sku = 'X{i}']")) + " or o:Id = 42";
        var filter = new XPathFilter(expression, Namespaces);
        using var message = WithAction("urn:a", Bodies[0]);

        Assert.False(filter.IsStreamable);
        Assert.True(filter.Match(message));
    }

    [Fact]
    public void Match_NotStreamable_StillEvaluatesOverTheLoadedBody()
    {
        using var message = WithAction("urn:a", Bodies[0]);
        var filter = new XPathFilter("count(o:Lines/o:Line) = 2", Namespaces);

        Assert.True(filter.Match(message));
        Assert.True(message.IsBodyLoaded);
    }
}
