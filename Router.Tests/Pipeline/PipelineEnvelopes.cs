using System.ServiceModel.Channels;
using System.Text;
using System.Xml;
using SoapRouter.Tests.Listening;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Pipeline;

/// <summary>
/// The SOAP 1.2 messages the pipeline tests send and the backends answer, as real bytes: requests as text a client
/// writes, replies and faults written by WCF's own encoders, and a reader that takes any of them apart for assertions.
/// </summary>
internal static class PipelineEnvelopes
{
    /// <summary>The MessageID of every request-reply request.</summary>
    public const string MessageId = "urn:uuid:6d0f5a3e-0000-4000-8000-00000000002a";

    /// <summary>The To every request carries, the router's own address, which the pipeline replaces with the destination's.</summary>
    public const string RouterTo = "http://router/soap12";

    /// <summary>The body every request carries.</summary>
    public const string RequestBody = "<Echo xmlns=\"urn:test\"><Text>pipeline</Text><Item>1</Item><Item>2</Item></Echo>";

    /// <summary>The body of every reply.</summary>
    public const string ReplyBody = "<EchoResponse xmlns=\"urn:test\"><Text>answered</Text></EchoResponse>";

    private static readonly MessageCodec Soap12Codec = WireBindings.Soap12Http.CreateCodec(WireLimits.ForSize(1 << 20));
    private static readonly MessageCodec BinaryCodec = WireBindings.BinaryHttp.CreateCodec(WireLimits.ForSize(1 << 20));

    /// <summary>A request-reply SOAP 1.2 + WS-Addressing request for <paramref name="action"/>, as text.</summary>
    public static byte[] Request(string action = "urn:echo") => Envelope(action, $"<a:MessageID>{MessageId}</a:MessageID>");

    /// <summary>A one-way request: WS-Addressing without a MessageID, as a WCF client sends a one-way operation.</summary>
    public static byte[] OneWayRequest(string action = "urn:notify") => Envelope(action, messageId: "");

    /// <summary>A SOAP 1.1 request without addressing (basicHttp: the action is in the SOAPAction header).</summary>
    public static byte[] Soap11Request() => Encoding.UTF8.GetBytes(
        $"<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>{RequestBody}</s:Body></s:Envelope>");

    /// <summary>The reply to <see cref="Request"/>, written by WCF's SOAP 1.2 text encoder.</summary>
    public static byte[] Reply() => Soap12Codec.WriteToArray(ReplyMessage());

    /// <summary>The reply to <see cref="Request"/>, written by WCF's binary encoder (msbin1).</summary>
    public static byte[] BinaryReply() => BinaryCodec.WriteToArray(ReplyMessage());

    /// <summary>A reply to <see cref="Request"/> with <paramref name="body"/>, written by WCF's binary encoder (msbin1).</summary>
    public static byte[] BinaryReply(string body) => BinaryCodec.WriteToArray(ReplyMessage(body));

    /// <summary>A SOAP 1.2 Receiver fault with <paramref name="reason"/>, correlated to <see cref="Request"/>, as a WCF service writes it in text.</summary>
    public static byte[] Fault(string reason) => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + "<a:Action s:mustUnderstand=\"1\">http://www.w3.org/2005/08/addressing/soap/fault</a:Action>"
        + $"<a:RelatesTo>{MessageId}</a:RelatesTo></s:Header><s:Body><s:Fault><s:Code><s:Value>s:Receiver</s:Value></s:Code>"
        + $"<s:Reason><s:Text xml:lang=\"en-US\">{reason}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>");

    /// <summary><see cref="Fault"/> as a destination of <paramref name="binding"/> answers it: msbin1 for binaryHttp, text otherwise.</summary>
    public static (string ContentType, byte[] Body) FaultIn(string binding, string reason) => binding == WireBindingNames.BinaryHttp
        ? (SoapMessages.Msbin1ContentType, SoapMessages.ToMsbin1(Fault(reason)))
        : (SoapMessages.Soap12ContentType, Fault(reason));

    /// <summary>A SOAP 1.2 text message taken apart: its action, To, MessageID, RelatesTo and body (or fault reason).</summary>
    public static ReadEnvelope ReadText(ReadOnlyMemory<byte> bytes) => Read(Soap12Codec, bytes.ToArray());

    /// <summary>An msbin1 message taken apart.</summary>
    public static ReadEnvelope ReadBinary(byte[] bytes) => Read(BinaryCodec, bytes);

    private static ReadEnvelope Read(MessageCodec codec, byte[] bytes)
    {
        using var message = codec.Read(new ArraySegment<byte>(bytes));
        var headers = message.Headers;
        var body = message.IsFault
            ? MessageFault.CreateFault(message, int.MaxValue).Reason.GetMatchingTranslation().Text
            : message.GetReaderAtBodyContents().ReadOuterXml();
        return new ReadEnvelope(headers.Action, headers.To?.AbsoluteUri, headers.MessageId?.ToString(), headers.RelatesTo?.ToString(), message.IsFault, body);
    }

    private static Message ReplyMessage(string body = ReplyBody)
    {
        var reader = XmlReader.Create(new StringReader(body));
        var message = Message.CreateMessage(MessageVersion.Soap12WSAddressing10, "urn:echoResponse", reader);
        message.Headers.RelatesTo = new UniqueId(MessageId);
        return message;
    }

    private static byte[] Envelope(string action, string messageId) => Encoding.UTF8.GetBytes(
        "<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\" xmlns:a=\"http://www.w3.org/2005/08/addressing\"><s:Header>"
        + $"<a:Action s:mustUnderstand=\"1\">{action}</a:Action>{messageId}<a:To s:mustUnderstand=\"1\">{RouterTo}</a:To>"
        + $"</s:Header><s:Body>{RequestBody}</s:Body></s:Envelope>");
}
