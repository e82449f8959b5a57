using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Streaming;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Streaming;

/// <summary>
/// Finding where a streamed message's Body content starts in its first bytes, text and msbin1, however the bytes are cut;
/// and the envelope the header section closes into, which WCF's encoder reads with every header and an empty Body.
/// </summary>
public sealed class HeaderSectionTests
{
    public static TheoryData<string> Bindings => new() { WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, WireBindingNames.BasicHttp };

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Find_EveryCutBeforeTheBodyStart_IsNotYet_AndTheWholeMessage_FindsIt(string bindingName)
    {
        var binding = WireBindings.Find(bindingName, null, null)!;
        var bytes = Encode(binding);

        Assert.Equal(HeaderSectionError.None, HeaderSection.Find(bytes, binding.IsBinary, out var body));
        for (var cut = 1; cut < body.ContentStart; cut++)
        {
            Assert.Equal(HeaderSectionError.Ended, HeaderSection.Find(bytes.AsSpan(0, cut), binding.IsBinary, out _));
        }

        // Text: the header section alone is enough. msbin1: one byte more (a Body record at the very end may still owe
        // attributes). The body's first element follows it at once, as WCF writes it.
        var enough = body.ContentStart + (binding.IsBinary ? 1 : 0);
        Assert.Equal(HeaderSectionError.Ended, HeaderSection.Find(bytes.AsSpan(0, enough - 1), binding.IsBinary, out _));
        Assert.Equal(HeaderSectionError.None, HeaderSection.Find(bytes.AsSpan(0, enough), binding.IsBinary, out var same));
        Assert.Equal(body.ContentStart, same.ContentStart);
        if (binding.IsBinary)
        {
            Assert.True(Msbin1Records.IsElement(bytes[body.ContentStart]));
        }
        else
        {
            Assert.Equal("<Upload", Encoding.UTF8.GetString(bytes, body.ContentStart, 7));
        }
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Closing_TheHeaderSection_GivesAnEnvelopeWcfReads_WithItsHeadersAndAnEmptyBody(string bindingName)
    {
        var binding = WireBindings.Find(bindingName, null, null)!;
        var bytes = Encode(binding);
        HeaderSection.Find(bytes, binding.IsBinary, out var body);
        var headers = bytes.AsSpan(0, body.ContentStart);
        var closed = new byte[body.ContentStart + HeaderSection.ClosingLength(headers, body, binding.IsBinary)];
        headers.CopyTo(closed);
        var written = HeaderSection.WriteClosing(headers, body, binding.IsBinary, closed.AsSpan(body.ContentStart));

        Assert.Equal(closed.Length, body.ContentStart + written);
        using var message = binding.CreateCodec(WireLimits.Default).Read(closed);
        Assert.True(message.IsEmpty);
        if (binding.UsesAddressing)
        {
            Assert.Equal(StreamedServiceActions.Upload, message.Headers.Action);
            Assert.Equal(new Uri("http://router.example/up"), message.Headers.To);
        }

        Assert.Equal("urn:tenant:7", message.Headers.GetHeader<string>("Tenant", "urn:routing"));
    }

    [Theory]
    [InlineData("<a/>", "NotEnvelope")]
    [InlineData("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Header>", "Ended")]
    [InlineData("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body/></s:Envelope>", "None")]
    public void Find_TextOddities(string xml, string expected) =>
        Assert.Equal(Enum.Parse<HeaderSectionError>(expected), HeaderSection.Find(Encoding.UTF8.GetBytes(xml), binary: false, out _));

    [Fact]
    public void Closing_AnEmptyBody_ClosesTheEnvelopeOnly()
    {
        var bytes = Encoding.UTF8.GetBytes("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body/>");
        HeaderSection.Find(bytes, binary: false, out var body);
        var closing = new byte[HeaderSection.ClosingLength(bytes, body, binary: false)];

        HeaderSection.WriteClosing(bytes, body, binary: false, closing);

        Assert.True(body.IsEmpty);
        Assert.Equal("</s:Envelope>", Encoding.UTF8.GetString(closing));
    }

    /// <summary>An Upload request of <paramref name="binding"/> with a routing header, as a WCF client writes it.</summary>
    private static byte[] Encode(WireBinding binding)
    {
        var blob = new byte[3000];
        using var message = Message.CreateMessage(binding.MessageVersion, binding.UsesAddressing ? StreamedServiceActions.Upload : null, new DelegateBodyWriter(writer =>
        {
            writer.WriteStartElement("Upload", ContractNamespaces.Service);
            writer.WriteStartElement("data", ContractNamespaces.Service);
            writer.WriteBase64(blob, 0, blob.Length);
            writer.WriteEndElement();
            writer.WriteEndElement();
        }));
        if (binding.UsesAddressing)
        {
            message.Headers.To = new Uri("http://router.example/up");
            message.Headers.MessageId = new UniqueId();
        }

        message.Headers.Add(MessageHeader.CreateHeader("Tenant", "urn:routing", "urn:tenant:7"));
        return binding.CreateCodec(WireLimits.Default).WriteToArray(message);
    }
}
