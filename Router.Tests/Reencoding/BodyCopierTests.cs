using System.Text;
using System.Xml;
using System.Xml.Linq;
using SoapRouter.Reencoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>The chunked body copy gives the same XML as WCF's node-by-node copy, between text and binary both ways.</summary>
public sealed class BodyCopierTests
{
    public static TheoryData<string> Bodies => new()
    {
        "<Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; &lt;bye&gt;</payload></Echo>",
        "<a:Order xmlns:a=\"urn:a\" xmlns:i=\"http://www.w3.org/2001/XMLSchema-instance\" a:id=\"7\"><a:Note i:nil=\"true\"/><a:Items><a:Item>1</a:Item><a:Item>2</a:Item></a:Items></a:Order>",
        "<x>  leading and trailing whitespace  <y/>  <![CDATA[<not markup>]]><!-- a comment --> tail</x>",
        "<x>" + new string('é', 20_000) + "\u2713" + new string('z', 30_000) + "</x>",
        "<first/><second xmlns=\"urn:second\">two roots in one body</second>",
        "<x xml:lang=\"fr\"><y xmlns:p=\"urn:p\" p:attr=\"v&quot;\">mixed <b>bold</b> content</y></x>",

        // Chars the text writer escapes, alone, at a chunk's ends and across the 8,192-char chunks; a surrogate pair on a chunk boundary.
        "<x>&amp;a&lt;b&gt;c&quot;d&apos;e&#xD;f\tg\nh</x>",
        "<x>" + new string('a', 8191) + "&amp;" + new string('b', 8190) + "&lt;&gt;" + string.Concat(Enumerable.Repeat("q&amp;&#xD;\n", 3000)) + "</x>",
        "<x>" + new string('a', 8191) + "\U0001F600" + new string('b', 10_000) + "</x>",
    };

    [Theory]
    [MemberData(nameof(Bodies))]
    public void TextToBinaryToText_SameXmlAsWriteNode(string body)
    {
        var text = Envelope(body);

        var ours = RoundTrip(text, BodyCopier.CopyBodyContents);
        var wcfs = RoundTrip(text, WriteNodes);

        // Binary XML keeps neither <a/> against <a></a> nor CDATA against text, so both copies end up the same way.
        Assert.Equal(Encoding.UTF8.GetString(wcfs), Encoding.UTF8.GetString(ours));
        Assert.True(XNode.DeepEquals(Parse(wcfs), Parse(ours)));
    }

    [Fact]
    public void EmptyBody_WritesNothing()
    {
        var copied = Copy(XmlDictionaryReader.CreateTextReader(Envelope(""), XmlDictionaryReaderQuotas.Max), stream => XmlDictionaryWriter.CreateTextWriter(stream), BodyCopier.CopyBodyContents);

        Assert.Equal("<s:Envelope xmlns:s=\"urn:s\"><s:Body></s:Body></s:Envelope>", Encoding.UTF8.GetString(copied));
    }

    private static byte[] RoundTrip(byte[] text, Action<XmlDictionaryReader, XmlDictionaryWriter> copy)
    {
        var binary = Copy(XmlDictionaryReader.CreateTextReader(text, XmlDictionaryReaderQuotas.Max), stream => XmlDictionaryWriter.CreateBinaryWriter(stream), copy);
        return Copy(XmlDictionaryReader.CreateBinaryReader(binary, XmlDictionaryReaderQuotas.Max), stream => XmlDictionaryWriter.CreateTextWriter(stream), copy);
    }

    /// <summary>What WCF's own body writers do: one WriteNode per top-level body node.</summary>
    private static void WriteNodes(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        while (reader.NodeType != XmlNodeType.EndElement && !reader.EOF)
        {
            writer.WriteNode(reader, defattr: false);
        }
    }

    private static byte[] Envelope(string body) => Encoding.UTF8.GetBytes($"<s:Envelope xmlns:s=\"urn:s\"><s:Body>{body}</s:Body></s:Envelope>");

    /// <summary>Writes the envelope and Body elements itself and lets the copier do the body, as a message writer does.</summary>
    private static byte[] Copy(XmlDictionaryReader reader, Func<Stream, XmlDictionaryWriter> createWriter, Action<XmlDictionaryReader, XmlDictionaryWriter> copy)
    {
        using var stream = new MemoryStream();
        using (reader)
        using (var writer = createWriter(stream))
        {
            reader.ReadStartElement("Envelope", "urn:s");
            writer.WriteStartElement("s", "Envelope", "urn:s");
            writer.WriteStartElement("s", "Body", "urn:s");
            if (reader.IsEmptyElement)
            {
                reader.Read();
            }
            else
            {
                reader.ReadStartElement("Body", "urn:s");
                copy(reader, writer);
                Assert.Equal(XmlNodeType.EndElement, reader.NodeType);
                Assert.Equal("Body", reader.LocalName);
            }

            writer.WriteFullEndElement();
            writer.WriteEndElement();
        }

        return stream.ToArray();
    }

    private static XDocument Parse(byte[] text)
    {
        using var reader = XmlDictionaryReader.CreateTextReader(text, XmlDictionaryReaderQuotas.Max);
        return XDocument.Load(reader, LoadOptions.PreserveWhitespace);
    }
}
