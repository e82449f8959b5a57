using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Bindings;

namespace BackendStub.Service;

/// <summary>What the dispatcher needs of a request's addressing: its action, its MessageID and its To.</summary>
/// <param name="Action">wsa:Action (else the content type's action parameter) on soap12/binary; the SOAPAction header on basicHttp.</param>
/// <param name="MessageId">wsa:MessageID, which the reply's wsa:RelatesTo repeats; null on basicHttp and one-way messages.</param>
/// <param name="To">wsa:To, as sent; null when absent and on basicHttp.</param>
internal sealed record RequestHeaders(string? Action, UniqueId? MessageId, Uri? To)
{
    /// <summary>
    /// Reads the headers of <paramref name="message"/>, received on <paramref name="binding"/> with
    /// <paramref name="transportAction"/> as the action HTTP carried. WCF parses a header when it is first asked for,
    /// so a malformed one throws here (XmlException or a CommunicationException).
    /// </summary>
    public static RequestHeaders Read(Message message, WireBinding binding, string? transportAction)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(binding);
        if (!binding.UsesAddressing)
        {
            return new RequestHeaders(transportAction, null, null);
        }

        var headers = message.Headers;
        return new RequestHeaders(headers.Action ?? transportAction, headers.MessageId, headers.To);
    }

    /// <summary>The MessageID as text, for fault messages' RelatesTo.</summary>
    public string? MessageIdText => MessageId?.ToString();
}
