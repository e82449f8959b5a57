using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using LoadClient.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace LoadClient.Envelopes;

/// <summary>
/// Encodes a request once with the binding's WCF encoder, carrying the headers a WCF client adds, so the raw mode puts
/// the same bytes on the wire as <c>ChannelFactory</c> would (msbin1 with WCF's static dictionary included).
/// </summary>
internal static class RequestTemplateBuilder
{
    /// <summary>Written as the MessageID (or a one-way order's id) and then located in the bytes; each request overwrites it with its own id.</summary>
    internal static readonly Guid Placeholder = new("5f0c2d1e-9a7b-4c3d-8e6f-a1b2c3d4e5f6");

    /// <summary>Written as the cache key header's value (--repeat-share) and then located; each request overwrites it with its key.</summary>
    internal static readonly Guid KeyPlaceholder = new("8d3e6a2b-4f1c-4e7a-9b5d-0c1e2f3a4b5c");

    /// <summary>
    /// The request for <paramref name="call"/> on <paramref name="binding"/> (an HTTP binding), addressed to
    /// <paramref name="to"/> when the binding uses WS-Addressing; with <paramref name="cacheKey"/> it also carries the
    /// <see cref="CacheKeyMix"/> header, whose value each request replaces.
    /// </summary>
    public static SoapRequestTemplate Build(WireBinding binding, OperationCall call, Uri to, WireLimits limits, bool cacheKey = false)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(call);
        ArgumentNullException.ThrowIfNull(to);
        ArgumentNullException.ThrowIfNull(limits);
        if (!binding.IsHttp)
        {
            throw new ArgumentException($"Binding '{binding.Name}' is not carried by HTTP; only the WCF client mode speaks it.", nameof(binding));
        }

        var codec = binding.CreateCodec(limits);
        byte[] body;
        using (var message = CreateMessage(binding, call, to))
        {
            if (cacheKey)
            {
                message.Headers.Add(MessageHeader.CreateHeader(CacheKeyMix.HeaderName, CacheKeyMix.HeaderNamespace, KeyPlaceholder.ToString("D")));
            }

            body = codec.WriteToArray(message);
        }

        MessageIdSlot? messageId = null;
        if (binding.UsesAddressing && !call.OneWay)
        {
            messageId = MessageIdSlot.Find(body, Placeholder, binding.IsBinary)
                ?? throw new InvalidOperationException($"The {binding.Name} encoder did not write the MessageID where it can be replaced.");
        }

        // A one-way order carries the placeholder as its OrderId, a string: its 36 characters in text and in msbin1 alike.
        var orderId = call.OneWay ? MessageIdSlot.Find(body, Placeholder, binary: false) : null;

        // basicHttp carries the action in SOAPAction only; the others in wsa:Action only (WCF's client puts no action
        // parameter in application/soap+xml).
        var soapAction = binding.UsesAddressing ? null : SoapMediaTypes.ToSoapActionHeader(call.Action);
        // A string header: its 36 characters in text and in msbin1 alike.
        var key = cacheKey
            ? MessageIdSlot.Find(body, KeyPlaceholder, binary: false)
                ?? throw new InvalidOperationException($"The {binding.Name} encoder did not write the cache key where it can be replaced.")
            : (MessageIdSlot?)null;
        return new SoapRequestTemplate(body, codec.ContentType, soapAction, call.Action, messageId, call.OneWay, OrderId: orderId, CacheKey: key);
    }

    private static Message CreateMessage(WireBinding binding, OperationCall call, Uri to)
    {
        if (!binding.UsesAddressing)
        {
            // A non-null action would make the encoder write an Action header in the addressing/none namespace, which
            // WCF's HTTP client removes before sending: it travels as SOAPAction instead.
            return Message.CreateMessage(binding.MessageVersion, action: null, call.Body);
        }

        // The headers in the order WCF's client adds them: Action at creation, MessageID and ReplyTo when a reply is
        // expected (request-reply correlation), To from the endpoint address.
        var message = Message.CreateMessage(binding.MessageVersion, call.Action, call.Body);
        if (!call.OneWay)
        {
            message.Headers.MessageId = new UniqueId(Placeholder);
            message.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
        }

        message.Headers.To = to;
        return message;
    }
}
