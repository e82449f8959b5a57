using System.Xml;
using Samples.Contracts;
using BackendStub.Soap;

namespace SoapRouter.Tests.BackendStub;

/// <summary>
/// Builds the requests a WCF client would send to the stub's operations, for any binding. On soap12/binary the
/// envelope carries wsa:Action, a fresh wsa:MessageID, wsa:ReplyTo (anonymous) and, when <c>to</c> is given, wsa:To;
/// without <c>to</c> a stock WCF service (and the stub) refuses the message with DestinationUnreachable. On
/// basicHttp <c>to</c> is ignored (basicHttp has no addressing headers) and the action goes in SOAPAction.
/// </summary>
internal static class StubEnvelopes
{
    /// <summary>Echo of a payload with <paramref name="text"/> and an optional <paramref name="blob"/>.</summary>
    public static StubRequest Echo(SoapBinding binding, string text, Uri? to = null, byte[]? blob = null) =>
        Echo(binding, new EchoPayload { Text = text, Blob = blob }, to);

    /// <summary>Echo of <paramref name="payload"/>.</summary>
    public static StubRequest Echo(SoapBinding binding, EchoPayload payload, Uri? to = null) =>
        Create(binding, EchoServiceActions.Echo, writer => OperationMessages.EchoRequest.Write(writer, payload), to);

    /// <summary>GetOrders(<paramref name="numOrders"/>).</summary>
    public static StubRequest GetOrders(SoapBinding binding, int numOrders, Uri? to = null) =>
        Create(binding, OrderServiceActions.GetOrders, writer => OperationMessages.GetOrdersRequest.Write(writer, numOrders), to);

    /// <summary>The one-way SubmitOrder(<paramref name="order"/>).</summary>
    public static StubRequest SubmitOrder(SoapBinding binding, Order order, Uri? to = null) =>
        Create(binding, OrderServiceActions.SubmitOrder, writer => OperationMessages.SubmitOrderRequest.Write(writer, order), to);

    /// <summary>A request with any <paramref name="action"/> and body (null: empty body).</summary>
    public static StubRequest Create(SoapBinding binding, string action, Action<XmlDictionaryWriter>? writeBody, Uri? to = null)
    {
        ArgumentNullException.ThrowIfNull(action);
        if (binding == SoapBinding.BasicHttp)
        {
            var body = SoapEnvelopeWriter.Write(binding, new SoapHeaders(action), writeBody);
            return new StubRequest(binding, body, SoapBindings.ContentType(binding), $"\"{action}\"", null);
        }

        var messageId = "urn:uuid:" + Guid.NewGuid().ToString("D");
        var headers = new SoapHeaders(action, messageId, To: to?.AbsoluteUri, ReplyToAnonymous: true);
        var envelope = SoapEnvelopeWriter.Write(binding, headers, writeBody);
        return new StubRequest(binding, envelope, SoapBindings.ContentType(binding, action), null, messageId);
    }
}
