using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Tests.Reencoding;

/// <summary>The re-encode path's mapping between bindings, on messages written and read by WCF's own encoders.</summary>
public sealed class MessageBridgeTests
{
    private const string Action = "http://tempuri.org/IEchoService/Echo";
    private static readonly Uri Destination = new("http://10.0.0.7:9080/soap12");
    private static readonly WireLimits Limits = WireLimits.ForSize(1 << 20);

    [Fact]
    public void BasicToSoap12_AddsWsAddressingFromTheTransportAction_AndKeepsBodyAndCustomHeaders()
    {
        var received = Read(WireBindings.BasicHttp, Soap11Request("<t:Tenant xmlns:t=\"urn:t\" s:mustUnderstand=\"1\" s:actor=\"http://schemas.xmlsoap.org/soap/actor/next\">acme</t:Tenant>"));

        var outgoing = MessageBridge.ForDestination(received, WireBindings.Soap12Http, Destination, Action);
        var text = Write(WireBindings.Soap12Http, outgoing.Message);

        Assert.Null(outgoing.SoapAction);
        var message = Read(WireBindings.Soap12Http, text);
        Assert.Equal(Action, message.Headers.Action);
        Assert.Equal(Destination, message.Headers.To);
        Assert.NotNull(message.Headers.MessageId);
        var tenant = message.Headers.FindHeader("Tenant", "urn:t");
        Assert.True(tenant >= 0);
        Assert.True(message.Headers[tenant].MustUnderstand);
        Assert.Equal("http://www.w3.org/2003/05/soap-envelope/role/next", message.Headers[tenant].Actor);
        Assert.Equal("acme", message.Headers.GetHeader<string>(tenant));
        Assert.Contains("<Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; bye</payload></Echo>", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Soap12ToBasic_DropsWsAddressing_AndPutsTheActionInSoapAction()
    {
        var received = Read(WireBindings.Soap12Http, Soap12Request("<t:Tenant xmlns:t=\"urn:t\">acme</t:Tenant>"));

        var outgoing = MessageBridge.ForDestination(received, WireBindings.BasicHttp, new Uri("http://10.0.0.7:9080/basic"), Action);
        var text = Write(WireBindings.BasicHttp, outgoing.Message);

        Assert.Equal("\"" + Action + "\"", outgoing.SoapAction);
        Assert.DoesNotContain("addressing", text, StringComparison.Ordinal);
        Assert.StartsWith("<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">", text, StringComparison.Ordinal);
        Assert.Contains("<t:Tenant xmlns:t=\"urn:t\">acme</t:Tenant>", text, StringComparison.Ordinal);
        Assert.Contains("<payload>hello &amp; bye</payload>", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Soap12ToBinary_SameVersion_OnlyToChanges()
    {
        var received = Read(WireBindings.Soap12Http, Soap12Request(""));
        var messageId = received.Headers.MessageId;

        var outgoing = MessageBridge.ForDestination(received, WireBindings.BinaryHttp, Destination, Action);
        var binary = WireBindings.BinaryHttp.CreateCodec(Limits).WriteToArray(outgoing.Message);

        var message = WireBindings.BinaryHttp.CreateCodec(Limits).Read(new ArraySegment<byte>(binary));
        Assert.Equal(Destination, message.Headers.To);
        Assert.Equal(messageId, message.Headers.MessageId);
        Assert.Equal(Action, message.Headers.Action);
        Assert.Contains("hello &amp; bye", Write(WireBindings.Soap12Http, message), StringComparison.Ordinal);
    }

    [Fact]
    public void CreateBufferedCopy_HeaderEditOnAnAttemptsMessage_LeavesTheBufferAndTheNextAttemptUntouched()
    {
        var received = Read(WireBindings.Soap12Http, Soap12Request(""));
        var buffer = received.CreateBufferedCopy(Limits.MaxMessageSize);

        var first = MessageBridge.ForDestination(buffer.CreateMessage(), WireBindings.BinaryHttp, Destination, Action);
        first.Message.Headers.Add(MessageHeader.CreateHeader("Extra", "urn:x", "edited"));
        var firstBytes = Write(WireBindings.Soap12Http, first.Message);
        var second = MessageBridge.ForDestination(buffer.CreateMessage(), WireBindings.Soap12Http, new Uri("http://10.0.0.8:9080/soap12"), Action);
        var secondBytes = Write(WireBindings.Soap12Http, second.Message);

        Assert.Contains("edited", firstBytes, StringComparison.Ordinal);
        Assert.DoesNotContain("edited", secondBytes, StringComparison.Ordinal);
        Assert.Equal(new Uri("http://router/soap12"), buffer.CreateMessage().Headers.To);
        Assert.Equal(Body(firstBytes), Body(secondBytes));
    }

    [Fact]
    public void ReplyFromBasic_ToSoap12Client_GetsRelatesToTheClientsMessageId()
    {
        var reply = Read(WireBindings.BasicHttp, Soap11Reply());

        var forClient = MessageBridge.ForClient(reply, WireBindings.Soap12Http, "urn:uuid:6f0d9a22-0000-4000-8000-000000000001", Limits.MaxMessageSize);
        var text = Write(WireBindings.Soap12Http, forClient);
        var message = Read(WireBindings.Soap12Http, text);

        Assert.Equal(new UniqueId(Guid.Parse("6f0d9a22-0000-4000-8000-000000000001")), message.Headers.RelatesTo);
        Assert.Contains("<EchoResult>ok</EchoResult>", text, StringComparison.Ordinal);
    }

    [Fact]
    public void FaultFromSoap12_ToBasicClient_KeepsSubcodeReasonAndDetail()
    {
        var fault = Read(WireBindings.Soap12Http, Soap12Fault());

        var forClient = MessageBridge.ForClient(fault, WireBindings.BasicHttp, null, Limits.MaxMessageSize);
        var text = Write(WireBindings.BasicHttp, forClient);
        var read = MessageFault.CreateFault(Read(WireBindings.BasicHttp, text), Limits.MaxMessageSize);

        Assert.Equal("DestinationUnreachable", read.Code.Name);
        Assert.Equal("http://www.w3.org/2005/08/addressing", read.Code.Namespace);
        Assert.Equal("No such order", read.Reason.GetMatchingTranslation().Text);
        Assert.True(read.HasDetail);
        using var detail = read.GetReaderAtDetailContents();
        Assert.Equal("OrderFault", detail.LocalName);
        Assert.Equal("42", detail.ReadElementContentAsString());
    }

    [Fact]
    public void FaultFromBasic_ToSoap12Client_MapsClientToSender()
    {
        var fault = Read(WireBindings.BasicHttp, Encoding.UTF8.GetBytes(
            "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Client</faultcode>"
            + "<faultstring xml:lang=\"en-US\">Bad order</faultstring></s:Fault></s:Body></s:Envelope>"));

        var forClient = MessageBridge.ForClient(fault, WireBindings.Soap12Http, "urn:uuid:6f0d9a22-0000-4000-8000-000000000002", Limits.MaxMessageSize);
        var message = Read(WireBindings.Soap12Http, Write(WireBindings.Soap12Http, forClient));
        var read = MessageFault.CreateFault(message, Limits.MaxMessageSize);

        Assert.True(read.Code.IsSenderFault);
        Assert.Equal("Bad order", read.Reason.GetMatchingTranslation().Text);
        Assert.Equal(SoapFaultMessages.FaultAction(MessageVersion.Soap12WSAddressing10), message.Headers.Action);
        Assert.NotNull(message.Headers.RelatesTo);
    }

    private static byte[] Soap11Request(string headers) => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
        + (headers.Length > 0 ? $"<s:Header>{headers}</s:Header>" : "")
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; bye</payload></Echo></s:Body></s:Envelope>");

    private static byte[] Soap11Reply() => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><EchoResponse xmlns=\"http://tempuri.org/\"><EchoResult>ok</EchoResult></EchoResponse></s:Body></s:Envelope>");

    private static byte[] Soap12Request(string headers) => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{Action}</a:Action><a:MessageID>urn:uuid:6f0d9a22-0000-4000-8000-00000000000a</a:MessageID>"
        + "<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>"
        + $"<a:To s:mustUnderstand=\"1\">http://router/soap12</a:To>{headers}</s:Header>"
        + "<s:Body><Echo xmlns=\"http://tempuri.org/\"><payload>hello &amp; bye</payload></Echo></s:Body></s:Envelope>");

    private static byte[] Soap12Fault() => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + "<a:Action s:mustUnderstand=\"1\">http://www.w3.org/2005/08/addressing/soap/fault</a:Action></s:Header><s:Body><s:Fault>"
        + "<s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>a:DestinationUnreachable</s:Value></s:Subcode></s:Code>"
        + "<s:Reason><s:Text xml:lang=\"en-US\">No such order</s:Text></s:Reason>"
        + "<s:Detail><OrderFault xmlns=\"urn:orders\">42</OrderFault></s:Detail></s:Fault></s:Body></s:Envelope>");

    private static Message Read(WireBinding binding, byte[] bytes) => binding.CreateCodec(Limits).Read(new ArraySegment<byte>(bytes));

    private static Message Read(WireBinding binding, string text) => Read(binding, Encoding.UTF8.GetBytes(text));

    private static string Write(WireBinding binding, Message message) =>
        Encoding.UTF8.GetString(binding.CreateCodec(Limits).WriteToArray(message));

    private static string Body(string envelope) => envelope[envelope.IndexOf("<s:Body>", StringComparison.Ordinal)..];
}
