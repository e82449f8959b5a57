using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using Samples.Contracts;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Tests.BackendStub;

/// <summary>
/// Builds the requests a WCF client sends to the stub's operations, for any HTTP binding, with WCF's own encoders
/// (real msbin1 with WCF's static dictionary on binary). On soap12/binary the message carries wsa:Action, a fresh
/// wsa:MessageID, wsa:ReplyTo (anonymous) and, when <c>to</c> is given, wsa:To; without <c>to</c> a stock WCF service
/// (and the stub) refuses it with DestinationUnreachable. On basicHttp <c>to</c> is ignored (basicHttp has no
/// addressing headers) and the action goes in the SOAPAction header.
/// </summary>
internal static class StubEnvelopes
{
    /// <summary>Echo of a payload with <paramref name="text"/> and an optional <paramref name="blob"/>.</summary>
    public static StubRequest Echo(WireBinding binding, string text, Uri? to = null, byte[]? blob = null) =>
        Echo(binding, new EchoPayload { Text = text, Blob = blob }, to);

    /// <summary>Echo of <paramref name="payload"/>.</summary>
    public static StubRequest Echo(WireBinding binding, EchoPayload payload, Uri? to = null) =>
        Create(binding, EchoServiceActions.Echo, writer => OperationMessages.EchoRequest.Write(writer, payload), to);

    /// <summary>GetOrders(<paramref name="numOrders"/>).</summary>
    public static StubRequest GetOrders(WireBinding binding, int numOrders, Uri? to = null) =>
        Create(binding, OrderServiceActions.GetOrders, writer => OperationMessages.GetOrdersRequest.Write(writer, numOrders), to);

    /// <summary>The one-way SubmitOrder(<paramref name="order"/>): no MessageID or ReplyTo, as a WCF client sends it.</summary>
    public static StubRequest SubmitOrder(WireBinding binding, Order order, Uri? to = null) =>
        Create(binding, OrderServiceActions.SubmitOrder, writer => OperationMessages.SubmitOrderRequest.Write(writer, order), to, oneWay: true);

    /// <summary>A request with any <paramref name="action"/> and body (null: empty body).</summary>
    public static StubRequest Create(WireBinding binding, string action, Action<XmlDictionaryWriter>? writeBody, Uri? to = null, bool oneWay = false)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(action);
        var codec = StubCodecs.For(binding);

        // basicHttp's action travels in SOAPAction only: a non-null action here would be written as a header.
        var messageAction = binding.UsesAddressing ? action : null;
        using var message = writeBody is null
            ? Message.CreateMessage(binding.MessageVersion, messageAction)
            : Message.CreateMessage(binding.MessageVersion, messageAction, new DelegateBodyWriter(writeBody));
        if (!binding.UsesAddressing)
        {
            return new StubRequest(binding, codec.WriteToArray(message), codec.ContentType, SoapMediaTypes.ToSoapActionHeader(action), null);
        }

        string? messageId = null;
        if (!oneWay)
        {
            var id = new UniqueId(Guid.NewGuid());
            message.Headers.MessageId = id;
            message.Headers.ReplyTo = new EndpointAddress(SoapNamespaces.Anonymous10);
            messageId = id.ToString();
        }

        if (to is not null)
        {
            message.Headers.To = to;
        }

        return new StubRequest(binding, codec.WriteToArray(message), codec.ContentType, null, messageId);
    }
}
