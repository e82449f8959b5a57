using System.Diagnostics;
using System.Text;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The differential fuzz: corpus envelopes mutated by the fuzzer's text mutations (DTDs and entity tricks, renamed and
/// re-namespaced elements, duplicated headers, many attributes, deep nesting, prologs, trailing content, tokens
/// inserted anywhere) and its byte mutations. Whenever the transcoder succeeds, WCF's text reader must have read the
/// input and WCF's binary reader must read the output as the same message.
/// </summary>
public sealed partial class TextToMsbin1FuzzTests(ITestOutputHelper output)
{
    private const int Cases = 1500;

    // WCF's readers take long over the fuzzer's largest mutations (megabytes of header, 200,000 levels): skipped.
    private const int MaxInput = 256 * 1024;

    [Fact]
    public void Transcode_MutatedCorpusEnvelopes_TranscodingsReadAsWcfReadsTheText()
    {
        var random = new Random(20240502);
        var messages = TextCorpus.Messages;
        var differentials = TextCorpus.Versions.ToDictionary(v => v, v => new TextDifferential(v));
        var disagreements = new List<string>();
        int translated = 0, agreed = 0, refusedAlike = 0, refused = 0, refusedWcfRead = 0, skipped = 0;
        var clock = Stopwatch.StartNew();

        for (var i = 0; i < Cases; i++)
        {
            var message = Pick(random, messages);
            var described = new StringBuilder($"case {i}: {message}: ");
            var mutated = Mutate(random, message.Bytes, messages[random.Next(messages.Count)].Bytes, described);
            if (mutated.Length > MaxInput)
            {
                skipped++;
                continue;
            }

            var differential = differentials[message.Version];
            var transcoded = differential.ReadTranscoded(mutated, out var problem, out _, out var transcodedError);
            if (problem is not null)
            {
                refused++;
                refusedWcfRead += differential.ReadOriginal(mutated, out _) is null ? 0 : 1;
                continue;
            }

            translated++;
            var original = differential.ReadOriginal(mutated, out var originalError);
            if (original is not null && original == transcoded)
            {
                agreed++;
            }
            else if (original is null && transcoded is null && SameRefusal(originalError!, transcodedError!))
            {
                // Well-formed XML that is not a message of this version (a SOAP 1.1 envelope, a wrong addressing
                // namespace, a header after the Body): WCF's binary reader refuses the output as its text reader does.
                refusedAlike++;
            }
            else
            {
                disagreements.Add($"{described}\n  WCF's text reader: {original ?? originalError?.GetType().Name + ": " + originalError?.Message}\n"
                    + $"  WCF's binary reader on the output: {transcoded ?? transcodedError?.GetType().Name + ": " + transcodedError?.Message}");
            }
        }

        output.WriteLine($"{Cases} cases in {clock.Elapsed.TotalSeconds:F1} s: {translated} transcoded ({agreed} read alike, {refusedAlike} refused alike by both WCF readers as no message of the version), "
            + $"{refused} refused ({refusedWcfRead} of them read by WCF's text reader: left to WCF's path), {skipped} skipped (over {MaxInput / 1024} KB)");
        disagreements.Take(20).ToList().ForEach(output.WriteLine);

        Assert.Empty(disagreements);
        Assert.All(differentials.Values, d => Assert.Equal(0, d.Pool.Outstanding));
        Assert.True(agreed > Cases / 10, $"only {agreed} mutations transcoded: the fuzz barely exercises transcodings");
        Assert.True(refused - refusedWcfRead > Cases / 10, $"only {refused - refusedWcfRead} refusals of input WCF refuses: the fuzz barely exercises bad input");
    }

    [Fact]
    public void Differential_WrongOutput_IsCaught()
    {
        // Control: one text byte of a correct transcoding changed. The comparison the fuzz makes must see it.
        var message = TextCorpus.Messages[0];
        var differential = new TextDifferential(message.Version);
        var buffers = new ArrayPoolBufferManager(differential.Pool);
        var translation = TextToMsbin1.Transcode(message.Bytes, buffers, 0, int.MaxValue);
        Assert.True(translation.Succeeded, translation.Problem);
        var correct = translation.Records.ToArray();
        buffers.ReturnBuffer(translation.Buffer!);
        var wrong = (byte[])correct.Clone();
        wrong[wrong.AsSpan().IndexOf("sensor-8"u8)] = (byte)'S';

        var original = differential.ReadOriginal(message.Bytes, out _);
        Assert.NotNull(original);
        Assert.Equal(original, differential.ReadMsbin1(correct, out _));
        Assert.NotEqual(original, differential.ReadMsbin1(wrong, out _));
    }

    /// <summary>True when both readers threw the same exception with the same message (the text reader adds a position).</summary>
    private static bool SameRefusal(Exception text, Exception binary) =>
        text.GetType() == binary.GetType() && Position().Replace(text.Message, string.Empty) == Position().Replace(binary.Message, string.Empty);

    /// <summary>A corpus message, the large ones (150 KB) less often: WCF takes longest over them.</summary>
    private static TextCorpusMessage Pick(Random random, IReadOnlyList<TextCorpusMessage> messages)
    {
        while (true)
        {
            var message = messages[random.Next(messages.Count)];
            if (message.Bytes.Length < 16 * 1024 || random.Next(8) == 0)
            {
                return message;
            }
        }
    }

    [System.Text.RegularExpressions.GeneratedRegex(@" Line \d+, position \d+\.")]
    private static partial System.Text.RegularExpressions.Regex Position();

    /// <summary>One or two mutations: the fuzzer's text mutations mostly, its byte mutations with XML tokens otherwise.</summary>
    private static byte[] Mutate(Random random, byte[] envelope, byte[] other, StringBuilder described)
    {
        var mutated = envelope;
        var rounds = random.Next(4) == 0 ? 2 : 1;
        for (var i = 0; i < rounds; i++)
        {
            mutated = random.Next(5) < 3
                ? XmlMutations.Apply(random, mutated, described)
                : ByteMutations.Apply(random, mutated, static r => System.Text.Encoding.UTF8.GetBytes(FuzzDictionary.XmlTricks[r.Next(FuzzDictionary.XmlTricks.Length)]), other, described);
        }

        return mutated;
    }
}
