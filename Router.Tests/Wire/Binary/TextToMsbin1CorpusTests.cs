using System.ServiceModel.Channels;
using System.Text;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using Xunit.Abstractions;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>
/// The transcoder on <see cref="TextCorpus"/>: every message transcodes, and WCF's binary encoder reads the output as
/// the message WCF's text encoder reads from the input. Malformed and unsupported shapes are refused.
/// </summary>
public sealed class TextToMsbin1CorpusTests(ITestOutputHelper output)
{
    [Fact]
    public void Transcode_CorpusMessages_ReadByWcfAsTheTextIsRead()
    {
        var differentials = TextCorpus.Versions.ToDictionary(v => v, v => new TextDifferential(v));
        var failures = new List<string>();
        var identical = 0;
        foreach (var message in TextCorpus.Messages)
        {
            var differential = differentials[message.Version];
            var original = differential.ReadOriginal(message.Bytes, out var originalError);
            var transcoded = differential.ReadTranscoded(message.Bytes, out var problem, out var offset, out var error);
            if (original is null || transcoded is null || original != transcoded)
            {
                failures.Add($"{message}: text read {(original is null ? originalError!.Message : "ok")}; "
                    + $"transcoded {(problem is not null ? $"refused at {offset}: {problem}" : transcoded is null ? error!.Message : "read differently")}"
                    + (original is not null && transcoded is not null ? $"\n  text:   {original}\n  binary: {transcoded}" : string.Empty));
            }
            else
            {
                identical++;
            }
        }

        output.WriteLine($"{TextCorpus.Messages.Count} messages, {identical} read alike");
        failures.ForEach(output.WriteLine);
        Assert.Empty(failures);
        Assert.All(differentials.Values, d => Assert.Equal(0, d.Pool.Outstanding));
    }

    [Fact]
    public void Transcode_SmallRequest_WritesTheRecordsOfItsNodes()
    {
        var buffers = new ArrayPoolBufferManager();
        var translation = TextToMsbin1.Transcode("<p:E xmlns:p=\"u\" a=\"1\"><B>x</B><C/></p:E>"u8, buffers, 3, 1000);
        Assert.True(translation.Succeeded, translation.Problem);
        Assert.Equal(3, translation.Offset);
        Assert.Equal(
            "6D 01 45 09 01 70 01 75 04 01 61 98 01 31 40 01 42 99 01 78 40 01 43 01 01",
            string.Join(' ', translation.Records.ToArray().Select(b => b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture))));
        buffers.ReturnBuffer(translation.Buffer!);
    }

    [Theory]
    [InlineData("doctype", "<!DOCTYPE s:Envelope []>")]
    [InlineData("processing instruction", "<?pi x?>")]
    [InlineData("declaration version 1.1", "<?xml version=\"1.0\" encoding=\"utf-16\"?>")]
    [InlineData("whitespace before the declaration", " <?xml version=\"1.0\"?>")]
    public void Transcode_BadProlog_IsRefused(string name, string prolog) =>
        AssertRefused(name, [.. System.Text.Encoding.UTF8.GetBytes(prolog), .. TextCorpus.Envelope("<e:E xmlns:e=\"urn:x\"/>")]);

    [Theory]
    [InlineData("mismatched end tag", "<e:E xmlns:e=\"urn:x\"></e:F>")]
    [InlineData("end tag with a longer name", "<e:E xmlns:e=\"urn:x\"></e:EE>")]
    [InlineData("undeclared prefix", "<q:E/>")]
    [InlineData("undeclared attribute prefix", "<E q:a=\"1\"/>")]
    [InlineData("prefix declared as empty", "<e:E xmlns:e=\"\"/>")]
    [InlineData("duplicate attribute", "<E a=\"1\" a=\"2\"/>")]
    [InlineData("duplicate declaration", "<E xmlns:e=\"u\" xmlns:e=\"v\"/>")]
    [InlineData("xmlns prefix on an element", "<xmlns:E/>")]
    [InlineData("xml namespace bound to another prefix", "<E xmlns:e=\"http://www.w3.org/XML/1998/namespace\"/>")]
    [InlineData("processing instruction in the body", "<?pi x?>")]
    [InlineData("entity reference", "<E>&nbsp;</E>")]
    [InlineData("character reference to a control", "<E>&#1;</E>")]
    [InlineData("character reference to a surrogate", "<E>&#xD800;</E>")]
    [InlineData("character reference with X", "<E>&#X41;</E>")]
    [InlineData("bare ampersand", "<E>a & b</E>")]
    [InlineData("CDATA end in text", "<E>a ]]> b</E>")]
    [InlineData("control character", "<E>a \u0001 b</E>")]
    [InlineData("U+FFFE", "<E>a \uFFFE b</E>")]
    [InlineData("less-than in an attribute", "<E a=\"<\"/>")]
    [InlineData("raw tab in an attribute", "<E a=\"x\ty\"/>")]
    [InlineData("no space between attributes", "<E a=\"1\"b=\"2\"/>")]
    [InlineData("unquoted attribute", "<E a=1/>")]
    [InlineData("CR in CDATA", "<E><![CDATA[a\r\nb]]></E>")]
    [InlineData("double dash in a comment", "<E><!-- a -- b --></E>")]
    [InlineData("unclosed element", "<E>")]
    [InlineData("non-ASCII name", "<Ä/>")]
    [InlineData("name starting with a digit", "<1E/>")]
    public void Transcode_MalformedOrUnsupportedBody_IsRefused(string name, string body) => AssertRefused(name, TextCorpus.Envelope(body));

    [Theory]
    [InlineData("text after the root", "x")]
    [InlineData("second root", "<a/>")]
    [InlineData("comment after the root", "<!-- c -->")]
    public void Transcode_ContentAfterTheRoot_IsRefused(string name, string after) =>
        AssertRefused(name, [.. TextCorpus.Envelope("<e:E xmlns:e=\"urn:x\"/>"), .. System.Text.Encoding.UTF8.GetBytes(after)]);

    [Fact]
    public void Transcode_InvalidUtf8_IsRefused()
    {
        AssertRefused("overlong", Spliced("<E>@</E>", [0xC1, 0x81]));
        AssertRefused("surrogate", Spliced("<E>@</E>", [0xED, 0xA0, 0x80]));
        AssertRefused("truncated", Spliced("<E>@</E>", [0xE4, 0xB8]));
        AssertRefused("in an attribute", Spliced("<E v=\"@\"/>", [0xFF]));
    }

    [Fact]
    public void Transcode_OutputPastMaxLength_IsRefusedAndReturnsItsBuffer()
    {
        var pool = new Support.CountingArrayPool();
        var message = TextCorpus.Messages.First(m => m.Name.StartsWith("150 KB", StringComparison.Ordinal));
        var translation = TextToMsbin1.Transcode(message.Bytes, new ArrayPoolBufferManager(pool), 6, 100 * 1024);
        Assert.False(translation.Succeeded);
        Assert.Equal(0, pool.Outstanding);
    }

    /// <summary>An envelope with <paramref name="body"/>, its '@' replaced by <paramref name="bytes"/>.</summary>
    private static byte[] Spliced(string body, byte[] bytes)
    {
        var envelope = TextCorpus.Envelope(body);
        var at = Array.IndexOf(envelope, (byte)'@');
        return [.. envelope.AsSpan(0, at), .. bytes, .. envelope.AsSpan(at + 1)];
    }

    private void AssertRefused(string name, byte[] xml)
    {
        var differential = new TextDifferential(MessageVersion.Soap12WSAddressing10);
        var transcoded = differential.ReadTranscoded(xml, out var problem, out var offset, out _);
        differential.ReadOriginal(xml, out var wcf);
        output.WriteLine($"{name}: refused at {offset}: {problem}; WCF's text reader: {wcf?.Message ?? "read it"}");
        Assert.Null(transcoded);
        Assert.NotNull(problem);
    }
}
