using System.Text;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Tests.Support;
using static SoapRouter.Tests.Forwarding.Rewriting.ToHeaderVariants;

namespace SoapRouter.Tests.Forwarding.Rewriting;

public sealed class ToHeaderRewriterNegativeTests
{
    private const string Decl = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
    private const string Env12 = $"<s:Envelope xmlns:s=\"{Soap12}\" xmlns:a=\"{Wsa10}\">";
    private const string Action = "<a:Action>urn:x</a:Action>";

    [Theory]
    [InlineData("NoTo", Env12 + "<s:Header>" + Action + "</s:Header>" + Body + "</s:Envelope>")]
    [InlineData("NoHeader", Env12 + Body + "</s:Envelope>")]
    [InlineData("EmptyHeader", Env12 + "<s:Header/>" + Body + "</s:Envelope>")]
    [InlineData("ToInBody", Env12 + "<s:Header>" + Action + "</s:Header><s:Body><a:To>http://body/</a:To></s:Body></s:Envelope>")]
    [InlineData("ToInBodyNoHeader", Env12 + "<s:Body><a:To>http://body/</a:To></s:Body></s:Envelope>")]
    [InlineData("ToAfterBody", Env12 + "<s:Header>" + Action + "</s:Header>" + Body + "<a:To>http://after/</a:To></s:Envelope>")]
    [InlineData("ToNestedInAnotherHeader", Env12 + "<s:Header><x:H xmlns:x=\"urn:x\"><a:To>http://nested/</a:To></x:H></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ToInOtherNamespace", Env12 + "<s:Header><a:To xmlns:a=\"urn:other\">http://other/</a:To><To>http://none/</To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ToInCommentAndCData", Env12 + "<s:Header><!-- <a:To>c</a:To> --><x:H xmlns:x=\"urn:x\"><![CDATA[<a:To>d</a:To>]]></x:H></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ToInAttributeValue", Env12 + "<s:Header><x:H xmlns:x=\"urn:x\" v='&lt;a:To>e&lt;/a:To>'/></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ToInEnvelopeNamespace", Env12 + "<s:Header><s:To>http://soap/</s:To></s:Header>" + Body + "</s:Envelope>")]
    public void Rewrite_NoToHeader_IsNotPresentAndReaderAgrees(string name, string xml)
    {
        var bytes = Encoding.UTF8.GetBytes(xml);
        var pool = new CountingArrayPool();

        var result = ToHeaderRewriter.Rewrite(bytes, NewAddress, pool);

        Assert.True(ToHeaderRewriteStatus.NotPresent == result.Status, $"{name}: {result.Status}");
        Assert.Equal(0, pool.Rents);
        using var view = RewriteAssert.Read(bytes);
        Assert.Null(view.Addressing.To);
    }

    [Theory]
    [InlineData("SameNamespace", "<a:To>http://1/</a:To>" + Action + "<a:To>http://2/</a:To>")]
    [InlineData("BothNamespaces", "<a:To>http://1/</a:To><w:To xmlns:w=\"" + Wsa04 + "\">http://2/</w:To>")]
    [InlineData("EmptyAndFull", "<a:To/><To xmlns=\"" + Wsa10 + "\">http://2/</To>")]
    public void Rewrite_TwoToHeaders_IsAmbiguous(string name, string headers)
    {
        var bytes = Encoding.UTF8.GetBytes(Env12 + "<s:Header>" + headers + "</s:Header>" + Body + "</s:Envelope>");

        var result = ToHeaderRewriter.Rewrite(bytes, NewAddress);

        Assert.True(ToHeaderRewriteStatus.Failed == result.Status, $"{name}: {result.Status}");
        Assert.Equal(ToHeaderRewriteError.Ambiguous, result.Error);
    }

    [Theory]
    [InlineData("<x:Envelope xmlns:x=\"urn:x\"><x:Header/></x:Envelope>")]
    [InlineData("<Envelope><Header/><Body/></Envelope>")]
    [InlineData(Env12 + "<s:Header><a:To>http://r/</a:To></s:Header></s:Envelope>")]
    [InlineData(Env12 + "</s:Envelope>")]
    [InlineData(Env12 + "<x:First xmlns:x=\"urn:x\"/><s:Header><a:To>http://r/</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData(Env12 + "<s:Header/><s:Header><a:To>http://r/</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData($"<s:Envelope xmlns:s=\"{Soap12}\"/>")]
    public void Rewrite_NotAnEnvelopeWithBody_IsNotSoapEnvelope(string xml)
    {
        var result = ToHeaderRewriter.Rewrite(Encoding.UTF8.GetBytes(xml), NewAddress);

        Assert.Equal(ToHeaderRewriteError.NotSoapEnvelope, result.Error);
    }

    [Theory]
    [InlineData("UndeclaredPrefix", Env12 + "<s:Header><b:To>x</b:To></s:Header>" + Body)]
    [InlineData("UndeclaredAttributePrefix", Env12 + "<s:Header><a:To q:x='1'>x</a:To></s:Header>" + Body)]
    [InlineData("MismatchedEndTag", Env12 + "<s:Header><a:To>x</a:Action></s:Header>" + Body)]
    [InlineData("UnquotedAttribute", Env12 + "<s:Header><a:To x=1>x</a:To></s:Header>" + Body)]
    [InlineData("AttributesNotSpaced", Env12 + "<s:Header><a:To x='1'y='2'>x</a:To></s:Header>" + Body)]
    [InlineData("DuplicateAttribute", Env12 + "<s:Header><a:To x='1' x='2'>x</a:To></s:Header>" + Body)]
    [InlineData("DuplicateExpandedAttribute", Env12 + "<s:Header><a:To xmlns:b='urn:b' xmlns:c='urn:b' b:x='1' c:x='2'>x</a:To></s:Header>" + Body)]
    [InlineData("LessThanInAttribute", Env12 + "<s:Header><a:To x='<'>x</a:To></s:Header>" + Body)]
    [InlineData("UnknownEntity", Env12 + "<s:Header><a:To>&nbsp;</a:To></s:Header>" + Body)]
    [InlineData("BadCharacterReference", Env12 + "<s:Header><a:To>&#xD800;</a:To></s:Header>" + Body)]
    [InlineData("CDataEndInText", Env12 + "<s:Header><a:To>a]]>b</a:To></s:Header>" + Body)]
    [InlineData("DoubleHyphenInComment", Env12 + "<s:Header><!-- a -- b --><a:To>x</a:To></s:Header>" + Body)]
    [InlineData("UnclosedComment", Env12 + "<s:Header><!-- <a:To>x</a:To></s:Header>" + Body)]
    [InlineData("UnclosedCData", Env12 + "<s:Header><a:To><![CDATA[x</a:To></s:Header>" + Body)]
    [InlineData("ControlCharacter", Env12 + "<s:Header><a:To>\u0001</a:To></s:Header>" + Body)]
    [InlineData("UndeclaringAPrefix", Env12 + "<s:Header><a:To xmlns:a=''>x</a:To></s:Header>" + Body)]
    [InlineData("TextBeforeRoot", "x" + Env12 + "<s:Header/>" + Body)]
    [InlineData("DeclarationNotFirst", " " + Decl + Env12 + "<s:Header/>" + Body)]
    [InlineData("TwoColonsInName", Env12 + "<s:Header><a:To:b>x</a:To:b></s:Header>" + Body)]
    [InlineData("TruncatedBodyStartTag", Env12 + "<s:Header><a:To>x</a:To></s:Header><s:Body")]
    public void Rewrite_Malformed_IsMalformed(string name, string xml)
    {
        var result = ToHeaderRewriter.Rewrite(Encoding.UTF8.GetBytes(xml + "</s:Envelope>"[..(xml.EndsWith("<s:Body", StringComparison.Ordinal) ? 0 : 13)]), NewAddress);

        Assert.True(ToHeaderRewriteError.Malformed == result.Error, $"{name}: {result.Status} {result.Error}");
    }

    [Theory]
    [InlineData("ProcessingInstructionInHeader", Env12 + "<s:Header><?pi x?><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ProcessingInstructionInPrologue", Decl + "<?pi x?>" + Env12 + "<s:Header><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("Doctype", Decl + "<!DOCTYPE s:Envelope>" + Env12 + "<s:Header><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("Latin1", "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>" + Env12 + "<s:Header><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("Xml11", "<?xml version=\"1.1\"?>" + Env12 + "<s:Header><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ElementInsideTo", Env12 + "<s:Header><a:To><x:A xmlns:x='urn:x'>http://r/</x:A></a:To></s:Header>" + Body + "</s:Envelope>")]
    [InlineData("ReferenceInNamespaceUri", Env12 + "<s:Header><w:To xmlns:w='http://www.w3.org/2005/08/addressin&#x67;'>x</w:To></s:Header>" + Body + "</s:Envelope>")]
    public void Rewrite_LegalButUnhandled_IsUnsupported(string name, string xml)
    {
        var result = ToHeaderRewriter.Rewrite(Encoding.UTF8.GetBytes(xml), NewAddress);

        Assert.True(ToHeaderRewriteError.Unsupported == result.Error, $"{name}: {result.Status} {result.Error}");
    }

    [Fact]
    public void Rewrite_Utf16Message_IsUnsupported()
    {
        var bytes = Encoding.Unicode.GetPreamble().Concat(Encoding.Unicode.GetBytes(Get("WcfDefault").Template.Replace("{TO}", "", StringComparison.Ordinal))).ToArray();

        Assert.Equal(ToHeaderRewriteError.Unsupported, ToHeaderRewriter.Rewrite(bytes, NewAddress).Error);
    }

    [Fact]
    public void Rewrite_NestingDeeperThanTheScannerTracks_IsUnsupported()
    {
        var depth = EnvelopeHeaderScanner.MaxDepth;
        var nested = string.Concat(Enumerable.Repeat("<x:N>", depth)) + string.Concat(Enumerable.Repeat("</x:N>", depth));
        var xml = Env12 + "<s:Header><x:H xmlns:x='urn:x'>" + nested + "</x:H><a:To>x</a:To></s:Header>" + Body + "</s:Envelope>";

        Assert.Equal(ToHeaderRewriteError.Unsupported, ToHeaderRewriter.Rewrite(Encoding.UTF8.GetBytes(xml), NewAddress).Error);
    }

    [Fact]
    public void Rewrite_Empty_IsMalformed()
    {
        Assert.Equal(ToHeaderRewriteError.Malformed, ToHeaderRewriter.Rewrite([], NewAddress).Error);
    }
}
