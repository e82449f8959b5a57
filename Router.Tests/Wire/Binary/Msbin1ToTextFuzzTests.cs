using System.Diagnostics;
using System.ServiceModel.Channels;
using System.Text;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The differential fuzz: corpus envelopes mutated (the fuzzer's structure-aware msbin1 mutations and byte
/// mutations), each read by WCF's binary encoder as it is and, when the transcoder takes it, by WCF's text encoder as
/// transcoded. Whenever the transcoder succeeds, WCF's text reader must read the output as the same message as its binary
/// reader reads the input, or both must refuse it with the same kind of error: the transcoder checks XML (records,
/// names, characters, namespaces, attributes), not SOAP, so an envelope without a Body or a header WCF cannot parse
/// is transcoded and then refused by WCF's text reader exactly as by its binary reader. Those are counted apart.
/// </summary>
public sealed class Msbin1ToTextFuzzTests(ITestOutputHelper output)
{
    private const int Cases = 4000;

    [Fact]
    public void Transcode_MutatedCorpusEnvelopes_TextReadsAsWcfReadsTheBinaryOrBothRefuse()
    {
        var random = new Random(20240611);
        var corpus = Msbin1Corpus.Cases.Where(c => c.Msbin1.Length < 16 * 1024).ToList();
        var differentials = corpus.Select(c => c.Version).Distinct().ToDictionary(v => v, v => new Msbin1TextDifferential(v));
        var wrong = new List<string>();
        int transcoded = 0, refused = 0, refusedByWcfToo = 0, soapRefusedByBoth = 0;
        var clock = Stopwatch.StartNew();

        for (var i = 0; i < Cases; i++)
        {
            var corpusCase = corpus[random.Next(corpus.Count)];
            var described = new StringBuilder($"case {i}: {corpusCase.Name}: ");
            var mutated = Mutate(random, corpusCase.Msbin1, corpus[random.Next(corpus.Count)].Msbin1, described);
            var differential = differentials[corpusCase.Version];
            if (mutated.Length > 64 * 1024)
            {
                // A length mutation that grew a record to megabytes: costly to read twice, and no different in kind.
                i--;
                continue;
            }

            var text = differential.ReadText(mutated, out var problem, out _, out var textError);
            var binary = differential.ReadBinary(mutated, out var binaryError);
            if (problem is not null)
            {
                refused++;
                refusedByWcfToo += binary is null ? 1 : 0;
                continue;
            }

            transcoded++;
            if (binary is null && text is null && binaryError?.GetType() == textError?.GetType())
            {
                soapRefusedByBoth++;
            }
            else if (binary is null || text != binary)
            {
                wrong.Add($"{described}\nWCF on the binary: {Short(binary ?? binaryError?.GetType().Name + ": " + binaryError?.Message)}\n"
                    + $"WCF on the text:   {Short(text ?? textError?.GetType().Name + ": " + textError?.Message)}\nout: {Short(differential.Transcoded(mutated))}");
            }
        }

        output.WriteLine($"{Cases} cases in {clock.Elapsed.TotalSeconds:F1} s: {transcoded} transcoded ({transcoded - wrong.Count - soapRefusedByBoth} read alike, "
            + $"{soapRefusedByBoth} refused alike by WCF's binary and text readers, {wrong.Count} otherwise), "
            + $"{refused} refused by the transcoder ({refusedByWcfToo} of them refused by WCF's binary reader too)");
        wrong.Take(40).ToList().ForEach(output.WriteLine);
        Assert.Empty(wrong);
        Assert.All(differentials.Values, d => Assert.Equal(0, d.Pool.Outstanding));
        Assert.True(transcoded - soapRefusedByBoth > Cases / 100, $"only {transcoded} mutations transcoded: the fuzz barely exercises the transcoder");
        Assert.True(refusedByWcfToo > Cases / 10, $"only {refusedByWcfToo} mutations refused by both: the fuzz barely exercises bad input");
    }

    [Fact]
    public void Differential_WrongText_IsCaught()
    {
        // Control: one character of the transcoded text changed must make WCF's text read differ from its binary read.
        var differential = new Msbin1TextDifferential(MessageVersion.Soap12WSAddressing10);
        var corpusCase = Msbin1Corpus.Cases.First(c => c.Version == MessageVersion.Soap12WSAddressing10 && c.Name.StartsWith("awkward", StringComparison.Ordinal));
        var buffers = new ArrayPoolBufferManager(differential.Pool);
        var text = Msbin1ToText.Transcode(corpusCase.Msbin1, buffers, 0, int.MaxValue);
        Assert.True(text.Succeeded, text.Problem);
        var changed = text.Records.ToArray();
        buffers.ReturnBuffer(text.Buffer!);
        var at = changed.AsSpan().IndexOf("&amp;"u8);
        changed[at + 1] = (byte)'l';
        changed[at + 2] = (byte)'t';
        changed[at + 3] = (byte)';';
        changed[at + 4] = (byte)' ';

        var binary = differential.ReadBinary(corpusCase.Msbin1, out _);
        var read = WcfXml.Read(differential.Text, changed, out _);
        Assert.NotNull(read);
        Assert.NotEqual(binary, read);
    }

    private static string Short(string text) => text.Length <= 600 ? text : text[..600] + "...";

    /// <summary>One or two mutations: the fuzzer's own for session-free msbin1, or byte mutations with record types.</summary>
    private static byte[] Mutate(Random random, byte[] envelope, byte[] other, StringBuilder described)
    {
        var mutated = envelope;
        var rounds = random.Next(4) == 0 ? 2 : 1;
        for (var i = 0; i < rounds && mutated.Length > 0; i++)
        {
            mutated = random.Next(3) switch
            {
                0 or 1 => BinaryXmlMutations.Apply(random, mutated, session: false, described),
                _ => ByteMutations.Apply(random, mutated, static r => [FuzzDictionary.BinaryRecordTypes[r.Next(FuzzDictionary.BinaryRecordTypes.Length)]], other, described),
            };
        }

        return mutated;
    }
}
