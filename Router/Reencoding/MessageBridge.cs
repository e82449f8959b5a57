using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Routing;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Faults;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Reencoding;

/// <summary>
/// Moves a message between two bindings on the re-encode path. Within one message version (soap12Http and binaryHttp)
/// the received message goes on with only To changed. Across versions (basicHttp and the SOAP 1.2 bindings) a new
/// message is built: the body and the custom headers pass untouched, addressing is mapped (SOAPAction and wsa:Action,
/// a MessageID where the target needs one, To, RelatesTo on replies; between WS-Addressing 1.0 and August 2004 also
/// MessageID, ReplyTo, FaultTo and From), and faults keep their code, reason and detail.
/// </summary>
internal static class MessageBridge
{
    // MessageIDs are URIs (urn:uuid:... is 45 characters); a longer one is not echoed back.
    private const int MaxRelatesToLength = 1024;

    /// <summary>
    /// The request for a destination of <paramref name="target"/> at <paramref name="address"/>, made from
    /// <paramref name="source"/> (a fresh message from the request's buffer, which this method owns from now on: it
    /// is edited in place or read into the new message). <paramref name="action"/> is the request's action, from
    /// wsa:Action or the transport. <paramref name="envelope"/>: the text envelope <paramref name="source"/> was read
    /// from, when it can be read again (a same-version copy is then written from it in one pass).
    /// </summary>
    public static OutgoingRequest ForDestination(Message source, WireBinding target, Uri address, string? action, SoapBodySource envelope = default)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(target);
        ArgumentNullException.ThrowIfNull(address);
        var soapAction = SoapActionFor(target, action);
        if (source.Version == target.MessageVersion)
        {
            // Its own headers, To edited in place, and its body copied when written (ForwardedMessage).
            var copy = new ForwardedMessage(source, envelope);
            if (target.UsesAddressing)
            {
                copy.Headers.To = address;
            }

            // The client's anonymous August 2004 ReplyTo was cut before the router read the request (August2004ReplyTo);
            // a 2004 request with a MessageID carries one, so it goes back in.
            if (target.MessageVersion.Addressing == AddressingVersion.WSAddressingAugust2004 && copy.Headers.MessageId is not null && copy.Headers.ReplyTo is null)
            {
                copy.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
            }

            return new OutgoingRequest(copy, soapAction);
        }

        var message = Rebuild(source, target.MessageVersion, target.UsesAddressing ? action : null, envelope);
        if (target.UsesAddressing)
        {
            message.Headers.To = address;
            if (source.Version.Addressing != AddressingVersion.None)
            {
                MapAddressing(source.Headers, message.Headers, isRequest: true);
            }
            else
            {
                // A SOAP 1.2 + WS-Addressing service replies to a request that has a MessageID; basicHttp requests have none.
                message.Headers.MessageId = new UniqueId();
                message.Headers.ReplyTo = new EndpointAddress(EndpointAddress.AnonymousUri);
            }
        }

        return new OutgoingRequest(message, soapAction);
    }

    /// <summary>The SOAPAction header a request with <paramref name="action"/> carries to a destination of <paramref name="target"/>: null where wsa:Action says it.</summary>
    public static string? SoapActionFor(WireBinding target, string? action)
    {
        ArgumentNullException.ThrowIfNull(target);
        return target.UsesAddressing ? null : SoapMediaTypes.ToSoapActionHeader(action);
    }

    /// <summary>
    /// The reply for the client of <paramref name="listener"/>, made from a destination's <paramref name="reply"/>
    /// (owned by this method from now on). <paramref name="relatesTo"/> is the client's MessageID, if it sent one.
    /// <paramref name="envelope"/>: the envelope <paramref name="reply"/> was read from, when it can be read again (a
    /// same-version reply is then written from it in one pass).
    /// </summary>
    public static Message ForClient(Message reply, WireBinding listener, string? relatesTo, int maxFaultSize, SoapBodySource envelope = default)
    {
        ArgumentNullException.ThrowIfNull(reply);
        ArgumentNullException.ThrowIfNull(listener);
        var version = listener.MessageVersion;
        Message message;
        if (reply.Version == version)
        {
            message = new ForwardedMessage(reply, envelope);
        }
        else if (reply.IsFault)
        {
            // Its RelatesTo too: a reply relayed on a session with affinity is matched by it (no relatesTo is given there).
            var faultRelatesTo = reply.Version.Addressing != AddressingVersion.None ? reply.Headers.RelatesTo : null;
            var fault = MessageFault.CreateFault(reply, maxFaultSize);
            message = Message.CreateMessage(version, SoapFaultMessages.FaultAction(version), FaultBodyWriter.From(fault, version.Envelope));
            if (listener.UsesAddressing && faultRelatesTo is not null)
            {
                message.Headers.RelatesTo = faultRelatesTo;
            }
        }
        else
        {
            message = Rebuild(reply, version, listener.UsesAddressing ? reply.Headers.Action : null, envelope);
            if (listener.UsesAddressing && reply.Version.Addressing != AddressingVersion.None)
            {
                MapAddressing(reply.Headers, message.Headers, isRequest: false);
            }
        }

        // The client's own MessageID, whatever the destination related its reply to: the router may have given the
        // destination a MessageID of its own (net.tcp sessions, basicHttp clients).
        if (listener.UsesAddressing && relatesTo is { Length: > 0 and <= MaxRelatesToLength })
        {
            message.Headers.RelatesTo = new UniqueId(relatesTo);
        }

        return message;
    }

    /// <summary>
    /// The WS-Addressing headers of <paramref name="source"/> (other than Action and To, which the caller sets) in
    /// <paramref name="target"/>'s version: WCF reads them version-neutral (anonymous and none addresses included,
    /// reference parameters kept in the endpoint references) and writes them in the target's namespace.
    /// </summary>
    private static void MapAddressing(MessageHeaders source, MessageHeaders target, bool isRequest)
    {
        target.MessageId = source.MessageId;
        target.RelatesTo = source.RelatesTo;
        target.From = source.From;
        target.FaultTo = source.FaultTo;

        // August 2004 requires a ReplyTo on a request (1.0 reads its absence as anonymous); WCF writes each version's anonymous URI.
        target.ReplyTo = source.ReplyTo ?? (isRequest && source.MessageId is not null ? new EndpointAddress(EndpointAddress.AnonymousUri) : null);
    }

    /// <summary>
    /// A message of <paramref name="version"/> with <paramref name="source"/>'s body and headers, WS-Addressing aside:
    /// a target with addressing has them mapped (<see cref="MapAddressing"/>); a target without keeps From, FaultTo and
    /// any other addressing header as they came, losing only what SOAPAction and HTTP already say (Action, To,
    /// MessageID, ReplyTo, RelatesTo). <paramref name="envelope"/>: the envelope <paramref name="source"/> was read from,
    /// when it can be read again (the body's declarations are then read there, not from WCF's message).
    /// </summary>
    private static Message Rebuild(Message source, MessageVersion version, string? action, SoapBodySource envelope)
    {
        var message = source.IsEmpty
            ? Message.CreateMessage(version, action)
            : Message.CreateMessage(version, action, new CopiedBodyWriter(source, envelope));
        var headers = source.Headers;
        var sourceAddressing = AddressingNamespace(source.Version.Addressing);
        var targetAddressing = AddressingNamespace(version.Addressing);
        var targetIsSoap12 = version.Envelope == EnvelopeVersion.Soap12;
        var targetHasAddressing = version.Addressing != AddressingVersion.None;
        for (var i = 0; i < headers.Count; i++)
        {
            var ns = headers[i].Namespace;

            // Addressing is mapped, not copied, where the target has its own; without, what HTTP carries is left out. A
            // message of a version without addressing may still carry such headers (zeep adds WS-Addressing 1.0 to SOAP
            // 1.1 when the WSDL names wsaw:Action): those the router writes itself would be there twice, which a WCF
            // service refuses, so the router's win.
            if (ns == SoapNamespaces.AddressingNone
                || (ns == sourceAddressing && (targetHasAddressing || IsCarriedByHttp(headers[i].Name)))
                || (ns == targetAddressing && sourceAddressing is null && IsCarriedByHttp(headers[i].Name)))
            {
                continue;
            }

            message.Headers.Add(new CopiedHeader(headers, i, targetIsSoap12));
        }

        return message;
    }

    // Also the headers the router writes itself for a target with addressing (Action, To, MessageID, ReplyTo; RelatesTo on replies).
    private static bool IsCarriedByHttp(string name) => name is "Action" or "To" or "MessageID" or "ReplyTo" or "RelatesTo";

    private static string? AddressingNamespace(AddressingVersion version) =>
        version == AddressingVersion.WSAddressing10 ? SoapNamespaces.Addressing10
        : version == AddressingVersion.WSAddressingAugust2004 ? SoapNamespaces.Addressing200408
        : null;
}
