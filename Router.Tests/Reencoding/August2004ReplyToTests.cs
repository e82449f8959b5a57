using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>The copy of an August 2004 request WCF reads (text, msbin1 and msbinsession1): the anonymous ReplyTo left out, anything else kept.</summary>
public sealed class August2004ReplyToTests
{
    private const string Ns = "http://schemas.xmlsoap.org/ws/2004/08/addressing";
    private const string AnonymousFromProxy = "proxy";
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

    [Theory]
    [InlineData(AnonymousFromProxy)]
    [InlineData(August2004ReplyTo.Anonymous)]
    public void Msbin1AnonymousReplyTo_IsCutOut_AndWcfReadsTheRest(string replyTo)
    {
        var request = Msbin1Request(replyTo);

        // What WCF 10.1 does with the request as a WCF client sends it.
        Assert.Throws<PlatformNotSupportedException>(() => ReadMsbin1(request));
        var readable = August2004ReplyTo.ReadableCopy(WireBindings.BinaryHttpAugust2004, request, Limits);

        Assert.NotNull(readable);
        using var message = ReadMsbin1(readable);
        AssertEverythingButTheReplyTo(message);
    }

    [Theory]
    [InlineData("http://client.example/replies")]
    [InlineData(null)]
    public void Msbin1OtherReplyTo_OrNone_LeavesTheBytesAlone(string? replyTo) =>
        Assert.Null(August2004ReplyTo.ReadableCopy(WireBindings.BinaryHttpAugust2004, Msbin1Request(replyTo), Limits));

    [Fact]
    public void Msbin1TruncatedRequest_LeavesTheBytesAlone()
    {
        var request = Msbin1Request(August2004ReplyTo.Anonymous);
        var anonymousEnd = request.AsSpan().IndexOf(Encoding.UTF8.GetBytes(August2004ReplyTo.Anonymous)) + August2004ReplyTo.Anonymous.Length;

        Assert.Null(August2004ReplyTo.WithoutAnonymousMsbin1(request.AsSpan(0, anonymousEnd)));
    }

    [Fact]
    public void Addressing10Listener_IsNeverCopied() =>
        Assert.Null(August2004ReplyTo.ReadableCopy(WireBindings.BinaryHttp, Msbin1Request(August2004ReplyTo.Anonymous), Limits));

    [Fact]
    public void SessionAnonymousReplyTo_IsCutInPlace_AndTheSessionReaderReadsEveryMessage()
    {
        // Two messages of one session: the second refers to the session strings (Tenant, urn:t) the first declared.
        var writer = WireBindings.NetTcpAugust2004.CreateCodec(Limits);
        using var firstMessage = Msbin1Message(AnonymousFromProxy);
        using var secondMessage = Msbin1Message(AnonymousFromProxy);
        var first = writer.WriteToArray(firstMessage);
        var second = writer.WriteToArray(secondMessage);

        // What WCF 10.1's session reader does with the first as a WCF client sends it.
        Assert.Throws<PlatformNotSupportedException>(() => WireBindings.NetTcpAugust2004.CreateCodec(Limits).Read(new ArraySegment<byte>([.. first])));
        var reader = WireBindings.NetTcpAugust2004.CreateCodec(Limits);
        foreach (var payload in new[] { first, second })
        {
            var length = August2004ReplyTo.CutFromSession(WireBindings.NetTcpAugust2004, payload);

            Assert.True(length < payload.Length, "nothing was cut");
            using var message = reader.Read(new ArraySegment<byte>(payload, 0, length));
            AssertEverythingButTheReplyTo(message);
        }
    }

    [Theory]
    [InlineData("http://client.example/replies")]
    [InlineData(null)]
    public void SessionOtherReplyTo_OrNone_IsLeftAsReceived(string? replyTo)
    {
        using var message = Msbin1Message(replyTo);
        var payload = WireBindings.NetTcpAugust2004.CreateCodec(Limits).WriteToArray(message);
        var received = payload.ToArray();

        Assert.Equal(payload.Length, August2004ReplyTo.CutFromSession(WireBindings.NetTcpAugust2004, payload));
        Assert.Equal(received, payload);
    }

    [Fact]
    public void SessionPayload_OnAnAddressing10Listener_OrCutShort_OrWithAWrongStringsSize_IsLeftAsReceived()
    {
        // The anonymous address given as text is written inline: the cut-short payload ends right after it.
        using var message = Msbin1Message(August2004ReplyTo.Anonymous);
        var payload = WireBindings.NetTcpAugust2004.CreateCodec(Limits).WriteToArray(message);
        var anonymousEnd = payload.AsSpan().IndexOf(Encoding.UTF8.GetBytes(August2004ReplyTo.Anonymous)) + August2004ReplyTo.Anonymous.Length;
        var stringsTooLong = payload.ToArray();
        stringsTooLong[0] = 0x7F;

        Assert.Equal(payload.Length, August2004ReplyTo.CutFromSession(WireBindings.NetTcp, payload.ToArray()));
        Assert.Equal(anonymousEnd, August2004ReplyTo.CutFromSession(WireBindings.NetTcpAugust2004, payload.AsSpan(0, anonymousEnd)));
        Assert.Equal(8, August2004ReplyTo.CutFromSession(WireBindings.NetTcpAugust2004, stringsTooLong.AsSpan(0, 8)));
    }

    /// <summary>What WCF read of <see cref="Msbin1Message"/>'s request without its ReplyTo: every other header and the body.</summary>
    private static void AssertEverythingButTheReplyTo(Message message)
    {
        Assert.Null(message.Headers.ReplyTo);
        Assert.Equal("urn:uuid:6f0d9a22-0000-4000-8000-00000000000c", message.Headers.MessageId.ToString());
        Assert.Equal(new Uri("http://router/a2004"), message.Headers.To);
        Assert.Equal("acme", message.Headers.GetHeader<string>("Tenant", "urn:t"));
        Assert.Equal("hello & bye", message.GetBody<string>());
    }

    /// <summary>An August 2004 request as WCF's binary encoder writes it (as a WCF client's proxy prepares it).</summary>
    private static byte[] Msbin1Request(string? replyTo)
    {
        using var message = Msbin1Message(replyTo);
        return WireBindings.BinaryHttpAugust2004.CreateCodec(Limits).WriteToArray(message);
    }

    /// <summary>An August 2004 request as a WCF client's proxy prepares it, before an encoder writes it.</summary>
    private static Message Msbin1Message(string? replyTo)
    {
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressingAugust2004, "http://tempuri.org/IEchoService/Echo", "hello & bye");
        message.Headers.MessageId = new UniqueId("urn:uuid:6f0d9a22-0000-4000-8000-00000000000c");
        if (replyTo is not null)
        {
            // A WCF proxy's anonymous ReplyTo is written as the static dictionary's string; a URI given as text, inline.
            message.Headers.ReplyTo = replyTo == AnonymousFromProxy ? new System.ServiceModel.EndpointAddress(System.ServiceModel.EndpointAddress.AnonymousUri) : new System.ServiceModel.EndpointAddress(replyTo);
        }

        message.Headers.To = new Uri("http://router/a2004");
        message.Headers.Add(MessageHeader.CreateHeader("Tenant", "urn:t", "acme"));
        return message;
    }

    private static Message ReadMsbin1(byte[] bytes) => WireBindings.BinaryHttpAugust2004.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));

    private static byte[] Request(string replyTo) => Encoding.UTF8.GetBytes(
        $"<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"{Ns}\"><s:Header>"
        + "<a:Action s:mustUnderstand=\"1\">http://tempuri.org/IEchoService/Echo</a:Action>"
        + "<a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000c</a:MessageID>" + replyTo
        + "<a:To s:mustUnderstand=\"1\">http://router/a2004</a:To><t:Tenant xmlns:t=\"urn:t\">acme</t:Tenant></s:Header>"
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; bye</payload></Echo></s:Body></s:Envelope>");

    private static Message Read(byte[] bytes) => WireBindings.Soap12HttpAugust2004.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
