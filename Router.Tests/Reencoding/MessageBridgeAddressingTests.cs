using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Reencoding;

/// <summary>
/// WS-Addressing mapped between 1.0 and August 2004 on the re-encode path (Action, To, MessageID, ReplyTo, FaultTo,
/// From, RelatesTo, reference parameters), and kept where the target has no addressing (From, FaultTo).
/// </summary>
public sealed class MessageBridgeAddressingTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private const string MessageId = "urn:uuid:6f0d9a22-0000-4000-8000-00000000000a";
    private const string Ns10 = "http://www.w3.org/2005/08/addressing";
    private const string Ns2004 = "http://schemas.xmlsoap.org/ws/2004/08/addressing";
    private static readonly Uri Destination = new("http://10.0.0.7:9080/soap12");
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.BinaryHttp)]
    public void Addressing10ToAugust2004_MapsEveryHeader_InTheOldNamespace(string target)
    {
        var binding = WireBindings.Find(target, encoding: null, WireAddressingNames.August2004)!;
        var received = Read(WireBindings.Soap12Http, Request(Ns10, replyTo: "http://client.example/replies"));

        var outgoing = MessageBridge.ForDestination(received, binding, Destination, Action);
        var bytes = binding.CreateCodec(Limits).WriteToArray(outgoing.Message);

        using var message = binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
        Assert.Equal(Action, message.Headers.Action);
        Assert.Equal(Destination, message.Headers.To);
        Assert.Equal(MessageId, message.Headers.MessageId.ToString());
        Assert.Equal("http://client.example/replies", message.Headers.ReplyTo.Uri.AbsoluteUri);
        Assert.Equal("42", message.Headers.ReplyTo.Headers.FindHeader("Session", "urn:t")!.GetValue<string>());
        Assert.Equal("http://client.example/faults", message.Headers.FaultTo.Uri.AbsoluteUri);
        Assert.Equal("http://client.example/", message.Headers.From.Uri.AbsoluteUri);
        Assert.Equal("acme", message.Headers.GetHeader<string>("Tenant", "urn:t"));
        if (!binding.IsBinary)
        {
            var text = Encoding.UTF8.GetString(bytes);
            Assert.Contains(Ns2004, text, StringComparison.Ordinal);
            Assert.DoesNotContain(Ns10 + "\"", text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Addressing10ToAugust2004_WithoutReplyTo_SaysAnonymousTheWay2004Requires()
    {
        var received = Read(WireBindings.Soap12Http, Request(Ns10, replyTo: null));

        var outgoing = MessageBridge.ForDestination(received, WireBindings.Soap12HttpAugust2004, Destination, Action);
        var text = Encoding.UTF8.GetString(WireBindings.Soap12HttpAugust2004.CreateCodec(Limits).WriteToArray(outgoing.Message));

        Assert.Contains("<a:ReplyTo><a:Address>" + Ns2004 + "/role/anonymous</a:Address></a:ReplyTo>", text, StringComparison.Ordinal);
        Assert.Contains("<a:MessageID>" + MessageId + "</a:MessageID>", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Addressing10ToSoap11_KeepsFromAndFaultTo_DropsWhatHttpCarries()
    {
        var received = Read(WireBindings.Soap12Http, Request(Ns10, replyTo: "http://client.example/replies"));

        var outgoing = MessageBridge.ForDestination(received, WireBindings.BasicHttp, new Uri("http://10.0.0.7:9080/basic"), Action);
        var text = Encoding.UTF8.GetString(WireBindings.BasicHttp.CreateCodec(Limits).WriteToArray(outgoing.Message));

        Assert.Contains($"<a:FaultTo xmlns:a=\"{Ns10}\"><a:Address>http://client.example/faults</a:Address></a:FaultTo>", text, StringComparison.Ordinal);
        Assert.Contains($"<a:From xmlns:a=\"{Ns10}\"><a:Address>http://client.example/</a:Address></a:From>", text, StringComparison.Ordinal);
        Assert.DoesNotContain("MessageID", text, StringComparison.Ordinal);
        Assert.DoesNotContain("ReplyTo", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Action", text, StringComparison.Ordinal);
    }

    [Fact]
    public void August2004ReplyToAddressing10Client_RelatesToTheClientsMessageId()
    {
        var reply = Read(WireBindings.Soap12HttpAugust2004, Encoding.UTF8.GetBytes(
            $"<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"{Ns2004}\"><s:Header>"
            + $"<a:Action s:mustUnderstand=\"1\">{Action}Response</a:Action><a:RelatesTo>urn:uuid:00000000-0000-4000-8000-000000000001</a:RelatesTo>"
            + "</s:Header><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"/></s:Body></s:Envelope>"));

        using var forClient = MessageBridge.ForClient(reply, WireBindings.Soap12Http, MessageId, 65536);
        var text = Encoding.UTF8.GetString(WireBindings.Soap12Http.CreateCodec(Limits).WriteToArray(forClient));

        Assert.Contains($"<a:RelatesTo>{MessageId}</a:RelatesTo>", text, StringComparison.Ordinal);
        Assert.Contains($"<a:Action s:mustUnderstand=\"1\">{Action}Response</a:Action>", text, StringComparison.Ordinal);
        Assert.DoesNotContain(Ns2004, text, StringComparison.Ordinal);
    }

    [Fact]
    public void August2004Msbin1_ToIsSplicedInPlace_OnTheVerbatimPath()
    {
        var codec = WireBindings.BinaryHttpAugust2004.CreateCodec(Limits);
        using var request = Message.CreateMessage(codec.Binding.MessageVersion, Action, "hello");
        request.Headers.To = new Uri("http://router/binary");
        request.Headers.MessageId = new UniqueId(MessageId);
        var bytes = codec.WriteToArray(request);

        using var spliced = SoapRouter.Forwarding.Rewriting.Msbin1ToRewriter.Rewrite(bytes, Destination.AbsoluteUri);

        Assert.Equal(SoapRouter.Forwarding.Rewriting.ToHeaderRewriteStatus.Rewritten, spliced.Status);
        using var read = codec.Read(new ArraySegment<byte>(spliced.Message.ToArray()));
        Assert.Equal(Destination, read.Headers.To);
        Assert.Equal(MessageId, read.Headers.MessageId.ToString());
    }

    private static byte[] Request(string ns, string? replyTo) => Encoding.UTF8.GetBytes(
        $"<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"{ns}\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>{MessageId}</a:MessageID>"
        + (replyTo is null ? "" : $"<a:ReplyTo><a:Address>{replyTo}</a:Address><a:ReferenceParameters><t:Session xmlns:t=\"urn:t\">42</t:Session></a:ReferenceParameters></a:ReplyTo>")
        + "<a:FaultTo><a:Address>http://client.example/faults</a:Address></a:FaultTo>"
        + "<a:From><a:Address>http://client.example/</a:Address></a:From>"
        + "<a:To s:mustUnderstand=\"1\">http://router/soap12</a:To><t:Tenant xmlns:t=\"urn:t\">acme</t:Tenant></s:Header>"
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload>hello</payload></Echo></s:Body></s:Envelope>");

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));
}
