using System.Diagnostics;
using System.Text;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The differential fuzz: corpus payloads mutated (the fuzzer's structure-aware msbin1 and session-table mutations,
/// byte mutations, dictionary ids moved around the session's strings), each read after its session's earlier payloads
/// by WCF's session reader as sent and by WCF's msbin1 reader as translated. Whenever the translator translates, both
/// must fail or both read the same XML; where it refuses, WCF must refuse too.
/// </summary>
public sealed class SessionTranslatorFuzzTests(ITestOutputHelper output)
{
    private const int Cases = 5000;

    [Fact]
    public void ToMsbin1_MutatedCorpusPayloads_TranslationsReadAsWcfReadsTheOriginalAndRefusalsAreWcfRefusals()
    {
        var random = new Random(20240501);
        var sessions = SessionCorpus.Sessions;
        var differentials = sessions.Select(s => s.Binding).Distinct().ToDictionary(b => b, b => new SessionDifferential(b));
        var disagreements = new List<string>();
        var refusedButRead = new List<string>();
        int translated = 0, bothRead = 0, bothRefused = 0, refused = 0, neverRead = 0;
        var clock = Stopwatch.StartNew();

        for (var i = 0; i < Cases; i++)
        {
            var session = sessions[random.Next(sessions.Count)];
            var index = PickPayload(random, session);
            var described = new StringBuilder($"case {i}: {session} payload {index}: ");
            var mutated = Mutate(random, session.Payloads[index], sessions[random.Next(sessions.Count)].Payloads[0], described);
            var earlier = session.Payloads.Take(index);
            var differential = differentials[session.Binding];

            var original = differential.ReadOriginal(earlier, mutated, out var originalError);
            var translation = differential.ReadTranslation(earlier, mutated, out var problem, out var problemOffset, out var translatedError);
            if (problem is not null)
            {
                refused++;
                if (original is null)
                {
                    continue;
                }

                // WCF's message reader stops at the end of the Body: bytes after it are never read, whatever they are.
                // A refusal there is WCF's leniency when WCF reads the payload cut before the refused record alike.
                if (differential.ReadOriginal(earlier, mutated.AsSpan(0, problemOffset), out _) == original)
                {
                    neverRead++;
                }
                else
                {
                    refusedButRead.Add($"{described}refused at {problemOffset} ({problem}) but WCF read it");
                }

                continue;
            }

            translated++;
            if (original is null && translation is null)
            {
                bothRefused++;
            }
            else if (original is not null && translation is not null && WcfXml.SameMessage(original, translation))
            {
                bothRead++;
            }
            else
            {
                disagreements.Add($"{described}WCF on the original: {original ?? originalError?.GetType().Name + ": " + originalError?.Message}\n"
                    + $"WCF on the translation: {translation ?? translatedError?.GetType().Name + ": " + translatedError?.Message}");
            }
        }

        output.WriteLine($"{Cases} cases in {clock.Elapsed.TotalSeconds:F1} s: {translated} translated ({bothRead} read alike, {bothRefused} refused by both), "
            + $"{refused} refused by the translator ({neverRead} in bytes after the Body that WCF never reads, {refusedButRead.Count} otherwise read by WCF)");
        foreach (var line in refusedButRead.Concat(disagreements).Take(20))
        {
            output.WriteLine(line);
        }

        Assert.Empty(disagreements);
        Assert.Empty(refusedButRead);
        Assert.All(differentials.Values, d => Assert.Equal(0, d.Pool.Outstanding));
        Assert.True(bothRead > Cases / 20, $"only {bothRead} mutations still read: the fuzz barely exercises translations");
        Assert.True(bothRefused > Cases / 20, $"only {bothRefused} translated mutations were refused: the fuzz barely exercises bad input");
    }

    [Fact]
    public void Differential_WrongTranslation_IsCaught()
    {
        // Control: translate with one string too many in front of the session's, so every session id names the wrong
        // string. The comparison the fuzz makes must see it.
        var session = SessionCorpus.Sessions.First(s => s.Binding == WireBindings.NetTcp);
        var differential = new SessionDifferential(session.Binding);
        var strings = new SessionStrings();
        Assert.True(strings.TryReadTable(HandPayloads.Table("wrong"), out _, out _));
        var buffers = new ArrayPoolBufferManager(differential.Pool);
        var caught = 0;
        foreach (var payload in session.Payloads)
        {
            var original = differential.ReadOriginal([], payload, out _);
            var wrong = SessionTranslator.PayloadToMsbin1(payload, strings, buffers, 0, int.MaxValue);
            Assert.True(wrong.Succeeded, wrong.Problem);
            caught += original != differential.ReadMsbin1(wrong.Records, out _) ? 1 : 0;
            buffers.ReturnBuffer(wrong.Buffer!);
            break;
        }

        Assert.Equal(1, caught);
    }

    /// <summary>A payload index, large payloads (150 KB) less often: they cost the most to read.</summary>
    private static int PickPayload(Random random, CorpusSession session)
    {
        while (true)
        {
            var index = random.Next(session.Payloads.Count);
            if (session.Payloads[index].Length < 16 * 1024 || random.Next(8) == 0)
            {
                return index;
            }
        }
    }

    /// <summary>One to three mutations: the fuzzer's own for session payloads, or a dictionary id moved.</summary>
    private static byte[] Mutate(Random random, byte[] payload, byte[] other, StringBuilder described)
    {
        var mutated = payload;
        var rounds = random.Next(4) == 0 ? 2 : 1;
        for (var i = 0; i < rounds && mutated.Length > 0; i++)
        {
            mutated = random.Next(5) switch
            {
                0 or 1 => BinaryXmlMutations.Apply(random, mutated, session: true, described),
                2 => ByteMutations.Apply(random, mutated, static r => [FuzzDictionary.BinaryRecordTypes[r.Next(FuzzDictionary.BinaryRecordTypes.Length)]], other, described),
                _ => MoveDictionaryId(random, mutated, described),
            };
        }

        return mutated;
    }

    /// <summary>A one-byte dictionary id after a dictionary record replaced by another, mostly session ids near the count.</summary>
    private static byte[] MoveDictionaryId(Random random, byte[] payload, StringBuilder described)
    {
        var start = random.Next(payload.Length);
        for (var i = 0; i < payload.Length - 1; i++)
        {
            var at = (start + i) % (payload.Length - 1);
            if (payload[at] is 0x42 or 0x0A or 0x06 or 0xAA or 0xAB or (>= 0x44 and <= 0x5D) or (>= 0x0C and <= 0x25) && payload[at + 1] < 0x80)
            {
                var id = random.Next(4) == 0 ? random.Next(0x80) : (2 * random.Next(40)) + 1;
                described.Append($"id@{at + 1}={id} ");
                var mutated = (byte[])payload.Clone();
                mutated[at + 1] = (byte)id;
                return mutated;
            }
        }

        return payload;
    }
}
