using System.ServiceModel.Channels;
using SoapRouter.Wire.Binary;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The differential over the corpus: every envelope WCF's binary encoder wrote is transcoded, and WCF's text encoder
/// must read the output as exactly the message WCF's binary encoder reads from the input.
/// </summary>
public sealed class Msbin1ToTextCorpusTests(ITestOutputHelper output)
{
    [Fact]
    public void Transcode_CorpusEnvelopes_TextReadsAsWcfReadsTheBinary()
    {
        var differentials = Msbin1Corpus.Versions.Concat(Msbin1Corpus.Cases.Select(c => c.Version)).Distinct()
            .ToDictionary(v => v, v => new Msbin1TextDifferential(v));
        var failures = new List<string>();
        foreach (var corpusCase in Msbin1Corpus.Cases)
        {
            var differential = differentials[corpusCase.Version];
            var binary = differential.ReadBinary(corpusCase.Msbin1, out var binaryError);
            Assert.True(binary is not null, $"{corpusCase}: WCF refuses its own bytes: {binaryError}");
            var text = differential.ReadText(corpusCase.Msbin1, out var problem, out var offset, out var textError);
            if (problem is not null)
            {
                failures.Add($"{corpusCase}: refused at {offset}: {problem}");
            }
            else if (text != binary)
            {
                failures.Add($"{corpusCase}: read differently\nbinary: {binary}\ntext:   {text ?? textError?.Message}\nout:    {differential.Transcoded(corpusCase.Msbin1)}");
            }
        }

        output.WriteLine($"{Msbin1Corpus.Cases.Count} envelopes, {failures.Count} not read alike");
        failures.ForEach(output.WriteLine);
        Assert.Empty(failures);
        Assert.All(differentials.Values, d => Assert.Equal(0, d.Pool.Outstanding));
    }

    [Fact]
    public void StaticDictionary_ReadFromWcf_HasTheSpecsStringsBothWays()
    {
        Assert.True(StaticDictionary.Count > 400, $"only {StaticDictionary.Count} strings");
        Assert.True(StaticDictionary.TryGet(Msbin1Records.EnvelopeId, out var envelope));
        Assert.Equal("Envelope"u8, envelope);
        Assert.True(StaticDictionary.TryGet(Msbin1Records.Addressing10Id, out var addressing));
        Assert.Equal("http://www.w3.org/2005/08/addressing"u8, addressing);
        Assert.True(StaticDictionary.TryGet(0, out var first));
        Assert.Equal("mustUnderstand"u8, first);
        Assert.False(StaticDictionary.TryGet(1, out _));
        Assert.False(StaticDictionary.TryGet(StaticDictionary.Count * 2, out _));
        for (var id = 0; id < StaticDictionary.Count * 2; id += 2)
        {
            Assert.True(StaticDictionary.TryGet(id, out var text));
            Assert.True(StaticDictionary.TryFind(text, out var found));
            Assert.True(StaticDictionary.TryGet(found, out var again) && again.SequenceEqual(text) && found <= id);
        }

        Assert.False(StaticDictionary.TryFind("not in the table"u8, out _));
    }

    [Fact]
    public void Transcode_Reply_WritesNoDeclarationAndLeavesThePrefixFree()
    {
        var differential = new Msbin1TextDifferential(MessageVersion.Soap12WSAddressing10);
        var text = differential.Transcoded(Msbin1Corpus.Cases[0].Msbin1);
        Assert.StartsWith("<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"", text, StringComparison.Ordinal);
    }
}
