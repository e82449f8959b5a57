using System.Text;
using SoapRouter.Forwarding.Rewriting;
using Xunit.Abstractions;
using static SoapRouter.Tests.Forwarding.Rewriting.ToHeaderVariants;

namespace SoapRouter.Tests.Forwarding.Rewriting;

public sealed class ToHeaderRewriterRobustnessTests(ITestOutputHelper output)
{
    private static readonly byte[] Interesting = "<>/&;'\"=:!?-[]# \n\u00e9xaAsT"u8.ToArray();

    public static TheoryData<string> VariantNames => Names;

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void Rewrite_EveryTruncation_FailsBeforeTheBodyTagAndSplicesAfterIt(string name)
    {
        var variant = Get(name);
        var original = variant.Original;
        var expected = variant.Expected;
        var bodyTagEnd = BodyStartTagEnd(original);

        for (var length = 0; length <= original.Length; length++)
        {
            using var result = ToHeaderRewriter.Rewrite(original.AsSpan(0, length), NewAddress);

            if (length < bodyTagEnd)
            {
                Assert.True(result.Status == ToHeaderRewriteStatus.Failed, $"length {length}: {result.Status}");
            }
            else
            {
                // The body is not the rewriter's business: once the Body start tag is whole, the splice is certain.
                Assert.Equal(ToHeaderRewriteStatus.Rewritten, result.Status);
                var grown = expected.Length - original.Length;
                Assert.True(result.Message.Span.SequenceEqual(expected.AsSpan(0, length + grown)), $"length {length}");
            }
        }
    }

    [Fact]
    public void Rewrite_SeededRandomMutations_NeverThrowAndRewriteOnlyWhatReadsBack()
    {
        var random = new Random(20_240_611);
        var variants = ToHeaderVariants.All;
        int rewritten = 0, unchanged = 0, notPresent = 0, failed = 0, stricterThanReader = 0;

        for (var i = 0; i < 4000; i++)
        {
            var bytes = Mutate(variants[i % variants.Count].Original, random);

            using var result = ToHeaderRewriter.Rewrite(bytes, NewAddress);

            using var before = RewriteAssert.TryRead(bytes);
            switch (result.Status)
            {
                case ToHeaderRewriteStatus.Rewritten:
                    rewritten++;
                    using (var after = RewriteAssert.TryRead(result.Message))
                    {
                        Assert.True(after is not null, $"case {i}: rewritten but unreadable: {Encoding.UTF8.GetString(result.Message.Span)}");
                        Assert.Equal(NewAddress, after.Addressing.To);
                        Assert.Equal(before?.Headers.Length, after.Headers.Length);
                    }

                    break;
                case ToHeaderRewriteStatus.NotPresent:
                    notPresent++;

                    // Forwarding the router's own address where the reader saw a To would be a wrong answer.
                    Assert.True(before?.Addressing.To is null, $"case {i}: not present, but the reader read To: {Encoding.UTF8.GetString(bytes)}");
                    break;
                case ToHeaderRewriteStatus.Unchanged:
                    unchanged++;
                    break;
                default:
                    failed++;
                    if (before?.Addressing.To is not null)
                    {
                        stricterThanReader++;
                    }

                    break;
            }
        }

        output.WriteLine($"rewritten {rewritten}, unchanged {unchanged}, not present {notPresent}, failed {failed} (of which the reader read {stricterThanReader})");
        Assert.True(rewritten > 100 && failed > 100, "the mutations should exercise both outcomes");
    }

    private static byte[] Mutate(byte[] original, Random random)
    {
        var bytes = new List<byte>(original);
        for (var k = random.Next(1, 4); k > 0 && bytes.Count > 1; k--)
        {
            var at = random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 1:
                    bytes[at] = Interesting[random.Next(Interesting.Length)];
                    break;
                case 2:
                    bytes.RemoveAt(at);
                    break;
                case 3:
                    bytes.Insert(at, Interesting[random.Next(Interesting.Length)]);
                    break;
                case 4:
                    var length = Math.Min(random.Next(1, 24), bytes.Count - at);
                    bytes.InsertRange(random.Next(bytes.Count), bytes.GetRange(at, length));
                    break;
                default:
                    bytes.RemoveRange(at, Math.Min(random.Next(1, 16), bytes.Count - at));
                    break;
            }
        }

        return [.. bytes];
    }

    private static int BodyStartTagEnd(byte[] message)
    {
        var body = message.AsSpan().IndexOf("<s:Body"u8);
        if (body < 0)
        {
            body = message.AsSpan().IndexOf("<Body"u8);
        }

        return body + message.AsSpan(body).IndexOf((byte)'>') + 1;
    }
}
