using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>The copy of an August 2004 request WCF reads: the anonymous ReplyTo left out, anything else kept.</summary>
public sealed class August2004ReplyToTests
{
    private const string Ns = "http://schemas.xmlsoap.org/ws/2004/08/addressing";
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);

    [Fact]
    public void AnonymousReplyTo_IsLeftOut_AndWcfReadsTheRest()
    {
        var request = Request($"<a:ReplyTo><a:Address>{August2004ReplyTo.Anonymous}</a:Address></a:ReplyTo>");

        // What WCF 10.1 does with the request as a WCF client sends it.
        Assert.Throws<PlatformNotSupportedException>(() => Read(request));
        var readable = August2004ReplyTo.WithoutAnonymous(request, Limits.ToReaderQuotas());

        Assert.NotNull(readable);
        using var message = Read(readable);
        Assert.Null(message.Headers.ReplyTo);
        Assert.Equal("urn:uuid:6f0d9a22-0000-4000-8000-00000000000c", message.Headers.MessageId.ToString());
        Assert.Equal("http://tempuri.org/IEchoService/Echo", message.Headers.Action);
        Assert.Equal("acme", message.Headers.GetHeader<string>("Tenant", "urn:t"));
        Assert.Contains("<payload>hello &amp; bye</payload>", Encoding.UTF8.GetString(WireBindings.Soap12HttpAugust2004.CreateCodec(Limits).WriteToArray(message)), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("<a:ReplyTo><a:Address>http://client.example/replies</a:Address></a:ReplyTo>")]
    [InlineData("<a:ReplyTo><a:Address>" + August2004ReplyTo.Anonymous + "</a:Address><a:ReferenceParameters><t:Session xmlns:t=\"urn:t\">42</t:Session></a:ReferenceParameters></a:ReplyTo>")]
    [InlineData("")]
    public void AnyOtherReplyTo_OrNone_LeavesTheBytesAlone(string replyTo) =>
        Assert.Null(August2004ReplyTo.WithoutAnonymous(Request(replyTo), Limits.ToReaderQuotas()));

    [Fact]
    public void BrokenXml_IsAnXmlException() =>
        Assert.ThrowsAny<XmlException>(() => August2004ReplyTo.WithoutAnonymous(
            Encoding.UTF8.GetBytes($"<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"><s:Header>{August2004ReplyTo.Anonymous}<s:Body>"),
            Limits.ToReaderQuotas()));

    private static byte[] Request(string replyTo) => Encoding.UTF8.GetBytes(
        $"<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"{Ns}\"><s:Header>"
        + "<a:Action s:mustUnderstand=\"1\">http://tempuri.org/IEchoService/Echo</a:Action>"
        + "<a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000c</a:MessageID>" + replyTo
        + "<a:To s:mustUnderstand=\"1\">http://router/a2004</a:To><t:Tenant xmlns:t=\"urn:t\">acme</t:Tenant></s:Header>"
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; bye</payload></Echo></s:Body></s:Envelope>");

    private static Message Read(byte[] bytes) => WireBindings.Soap12HttpAugust2004.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
