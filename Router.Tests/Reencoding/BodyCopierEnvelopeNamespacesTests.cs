using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using System.Xml.Linq;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// A QName in element text (<c>&lt;type&gt;ns:Thing&lt;/type&gt;</c>) whose prefix the received Envelope or Body declares
/// still resolves once the body is copied under another Envelope: the copier declares what was in scope on each
/// top-level body element.
/// </summary>
public sealed class BodyCopierEnvelopeNamespacesTests
{
    private const string Svc = "urn:svc";
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void TextQName_PrefixOnTheEnvelope_WrittenElementKeepsTheDeclaration(bool binaryTarget)
    {
        var written = Copy("xmlns:ns=\"urn:x\"", "", "<Op xmlns=\"urn:svc\"><type>ns:Thing</type></Op><Second xmlns=\"urn:svc\">ns:Other</Second>", binaryTarget);

        Assert.Equal("{urn:x}Thing", ResolveText(written, "type"));
        Assert.Equal("{urn:x}Other", ResolveText(written, "Second"));
    }

    [Fact]
    public void TextQName_PrefixOnTheBody_WinsOverTheEnvelopes()
    {
        var written = Copy("xmlns:ns=\"urn:x\" xmlns:d=\"urn:d\"", "xmlns:ns=\"urn:body\"", "<Op xmlns=\"urn:svc\"><type>ns:Thing</type><other>d:Kind</other></Op>", binaryTarget: false);

        Assert.Equal("{urn:body}Thing", ResolveText(written, "type"));
        Assert.Equal("{urn:d}Kind", ResolveText(written, "other"));
        Assert.DoesNotContain("urn:x", written, StringComparison.Ordinal);
    }

    [Fact]
    public void APrefixRedeclaredInsideTheBody_Wins()
    {
        var written = Copy(
            "xmlns:ns=\"urn:x\"",
            "",
            "<Op xmlns=\"urn:svc\" xmlns:ns=\"urn:own\"><type>ns:Thing</type></Op><p:Op2 xmlns:p=\"urn:svc\"><p:inner xmlns:ns=\"urn:inner\"><p:type>ns:Deep</p:type></p:inner></p:Op2>",
            binaryTarget: false);

        Assert.Equal("{urn:own}Thing", ResolveText(written, "type"));
        Assert.Equal("{urn:inner}Deep", ResolveText(written, "type", skip: 1));

        // The first element keeps only its own declaration of ns; the second gets the Envelope's, overridden below it.
        Assert.Equal(1, Occurrences(written, "xmlns:ns=\"urn:own\""));
        Assert.Equal(1, Occurrences(written, "xmlns:ns=\"urn:x\""));
    }

    [Fact]
    public void NothingInScopeButTheSoapNamespace_NoDeclarationAdded()
    {
        const string body = "<Op xmlns=\"urn:svc\"><type>ns:Thing</type></Op>";

        var withEnvelopeNamespaces = Copy("", "", body, binaryTarget: false);
        var without = Copy("", "", body, binaryTarget: false, collect: false);

        Assert.Equal(without, withEnvelopeNamespaces);
        Assert.Null(Collect(Encoding.UTF8.GetBytes(Envelope("", "", body))));
        Assert.Equal("<t:Envelope xmlns:t=\"urn:target\"><t:Body><Op xmlns=\"urn:svc\"><type>ns:Thing</type></Op></t:Body></t:Envelope>", without);
    }

    [Fact]
    public void DeclarationsTheTargetAlreadyHas_NotWrittenAgain()
    {
        // The target Envelope binds t to urn:target: a received xmlns:t="urn:target" adds nothing.
        var written = Copy("xmlns:t=\"urn:target\"", "", "<Op xmlns=\"urn:svc\">t:x</Op>", binaryTarget: false);

        Assert.Equal("<t:Envelope xmlns:t=\"urn:target\"><t:Body><Op xmlns=\"urn:svc\">t:x</Op></t:Body></t:Envelope>", written);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void OfAReceivedMessage_SameDeclarationsAsItsEnvelopeAndBody(string binding)
    {
        var target = WireBindings.Get(binding);
        var soap = target.IsSoap12 ? "http://www.w3.org/2003/05/soap-envelope" : "http://schemas.xmlsoap.org/soap/envelope/";
        var text = Encoding.UTF8.GetBytes(
            $"<s:Envelope xmlns:s=\"{soap}\" xmlns:ns=\"urn:x\" xmlns:d=\"urn:d\"><s:Body xmlns:d=\"urn:body\"><Op xmlns=\"urn:svc\">ns:Thing</Op></s:Body></s:Envelope>");
        var bytes = binding == WireBindingNames.BinaryHttp ? SoapRouter.Tests.Listening.SoapMessages.ToMsbin1(text) : text;
        using var message = target.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));

        var collected = EnvelopeNamespaces.Of(message);

        Assert.NotNull(collected);
        var written = CopyWith(message, collected);
        Assert.Equal("{urn:x}Thing", ResolveText(written, "Op"));
        Assert.Contains("xmlns:d=\"urn:body\"", written, StringComparison.Ordinal);
        Assert.DoesNotContain("urn:d\"", written, StringComparison.Ordinal);
        Assert.DoesNotContain(soap, written, StringComparison.Ordinal);
    }

    private static string Envelope(string envelopeAttributes, string bodyAttributes, string body) =>
        $"<s:Envelope xmlns:s=\"urn:s\" {envelopeAttributes}><s:Body {bodyAttributes}>{body}</s:Body></s:Envelope>";

    /// <summary>The declarations collected from the text envelope's start tags, as the one-pass writer collects them.</summary>
    private static EnvelopeNamespaces? Collect(byte[] envelope)
    {
        using var reader = XmlDictionaryReader.CreateTextReader(envelope, XmlDictionaryReaderQuotas.Max);
        reader.MoveToContent();
        var collected = EnvelopeNamespaces.FromEnvelope(reader);
        reader.Read();
        reader.MoveToContent();
        collected.Add(reader);
        return collected.OrNull();
    }

    /// <summary>The body copied under a target Envelope (t, urn:target) and written as text (through msbin1 when <paramref name="binaryTarget"/>).</summary>
    private static string Copy(string envelopeAttributes, string bodyAttributes, string body, bool binaryTarget, bool collect = true)
    {
        var envelope = Encoding.UTF8.GetBytes(Envelope(envelopeAttributes, bodyAttributes, body));
        var collected = collect ? Collect(envelope) : null;
        using var reader = XmlDictionaryReader.CreateTextReader(envelope, XmlDictionaryReaderQuotas.Max);
        reader.ReadStartElement("Envelope", "urn:s");
        reader.ReadStartElement("Body", "urn:s");
        var written = Write(binaryTarget, writer => BodyCopier.CopyBodyContents(reader, writer, collected));
        Assert.Equal(XmlNodeType.EndElement, reader.NodeType);
        return written;
    }

    private static string CopyWith(Message message, EnvelopeNamespaces? collected)
    {
        using var reader = message.GetReaderAtBodyContents();
        return Write(binaryTarget: false, writer => BodyCopier.CopyBodyContents(reader, writer, collected));
    }

    private static string Write(bool binaryTarget, Action<XmlDictionaryWriter> writeBody)
    {
        using var stream = new MemoryStream();
        using (var writer = binaryTarget ? XmlDictionaryWriter.CreateBinaryWriter(stream) : XmlDictionaryWriter.CreateTextWriter(stream))
        {
            writer.WriteStartElement("t", "Envelope", "urn:target");
            writer.WriteStartElement("t", "Body", "urn:target");
            writeBody(writer);
            writer.WriteFullEndElement();
            writer.WriteEndElement();
        }

        if (!binaryTarget)
        {
            return Encoding.UTF8.GetString(stream.ToArray());
        }

        using var binary = XmlDictionaryReader.CreateBinaryReader(stream.ToArray(), XmlDictionaryReaderQuotas.Max);
        using var text = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(text))
        {
            writer.WriteNode(binary, defattr: false);
        }

        return Encoding.UTF8.GetString(text.ToArray());
    }

    /// <summary>The QName in the text of the <paramref name="skip"/>-th element <paramref name="localName"/> (urn:svc), resolved where it stands.</summary>
    private static string ResolveText(string xml, string localName, int skip = 0)
    {
        var element = XDocument.Parse(xml).Descendants(XName.Get(localName, Svc)).ElementAt(skip);
        var value = element.Value;
        var colon = value.IndexOf(':', StringComparison.Ordinal);
        return "{" + element.GetNamespaceOfPrefix(value[..colon])?.NamespaceName + "}" + value[(colon + 1)..];
    }

    private static int Occurrences(string text, string part) => text.Split(part).Length - 1;
}
