using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// The two session encoders of a test client's side of one net.tcp session (WCF's own msbinsession1 encoders):
/// payloads it sends carry its dictionary additions, and replies are read in order with the server's.
/// </summary>
internal sealed class ClientSessionCodecs
{
    private readonly MessageCodec _writer = WireBindings.NetTcp.CreateCodec(Limits);
    private readonly MessageCodec _reader = WireBindings.NetTcp.CreateCodec(Limits);

    public static WireLimits Limits { get; } = WireLimits.ForSize(16 << 20);

    /// <summary>The payload of an Echo request for <paramref name="to"/>, with a fresh MessageID (returned).</summary>
    public byte[] Echo(Uri to, string text, out UniqueId messageId) =>
        Request(to, EchoServiceActions.Echo, writer => OperationMessages.EchoRequest.Write(writer, new EchoPayload { Text = text }), out messageId);

    /// <summary>The payload of a request-reply message with <paramref name="action"/> for <paramref name="to"/>.</summary>
    public byte[] Request(Uri to, string action, Action<XmlDictionaryWriter> writeBody, out UniqueId messageId)
    {
        using var message = Message.CreateMessage(WireBindings.NetTcp.MessageVersion, action, new DelegateBodyWriter(writeBody));
        messageId = new UniqueId(Guid.NewGuid());
        message.Headers.MessageId = messageId;
        message.Headers.ReplyTo = new EndpointAddress(SoapNamespaces.Anonymous10);
        message.Headers.To = to;
        return _writer.WriteToArray(message);
    }

    /// <summary>The payload of the one-way SubmitOrder.</summary>
    public byte[] SubmitOrder(Uri to, Order order)
    {
        using var message = Message.CreateMessage(
            WireBindings.NetTcp.MessageVersion, OrderServiceActions.SubmitOrder, OperationMessages.SubmitOrderRequest.ToBody(order));
        message.Headers.To = to;
        return _writer.WriteToArray(message);
    }

    /// <summary>Reads a reply payload (replies must be read in the order the server sent them).</summary>
    public Message Read(byte[] payload) => _reader.Read(new ArraySegment<byte>(payload));

    /// <summary>Reads an Echo reply and returns its text, asserting it answers <paramref name="messageId"/>.</summary>
    public string? ReadEcho(byte[] payload, UniqueId messageId)
    {
        using var reply = Read(payload);
        Assert.False(reply.IsFault, "expected a reply, got a fault");
        Assert.Equal(EchoServiceActions.EchoResponse, reply.Headers.Action);
        Assert.Equal(messageId, reply.Headers.RelatesTo);
        using var body = reply.GetReaderAtBodyContents();
        return OperationMessages.EchoResponse.Read(body)?.Text;
    }
}
