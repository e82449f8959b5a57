using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Reencoding;
using SoapRouter.Routing;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Pipeline;

/// <summary>
/// A received message read far enough to route it, and what forwarding needs from it: the routing view, the action,
/// the client's MessageID and, for the re-encode path, a <see cref="MessageBuffer"/> of the message as read, before any
/// header is touched, which every attempt (failover included) makes its message from. Disposing releases the view and buffer;
/// the bytes underneath belong to the listener.
/// </summary>
internal sealed class ReceivedMessage : IDisposable
{
    private readonly SoapMessageView? _textView;

    private ReceivedMessage(IRoutableMessage routable, SoapMessageView? textView, MessageBuffer? buffer, string? messageId, string? to, bool hasAddressing)
    {
        Routable = routable;
        HasAddressing = hasAddressing;
        _textView = textView;
        Buffer = buffer;
        MessageId = messageId;
        To = to;
    }

    /// <summary>What the route table matches against.</summary>
    public IRoutableMessage Routable { get; }

    /// <summary>The action: wsa:Action, else the transport's.</summary>
    public string? Action => Routable.Action;

    /// <summary>The client's MessageID, echoed as RelatesTo; null when it sent none.</summary>
    public string? MessageId { get; }

    /// <summary>True when the message carries WS-Addressing headers (so a missing MessageID means a one-way message).</summary>
    public bool HasAddressing { get; }

    /// <summary>The To the client wrote, or null: on the verbatim path, a To that already names the destination needs no splice.</summary>
    public string? To { get; }

    /// <summary>
    /// The text envelope <see cref="Buffer"/> was read from, when the re-encode path can write from it directly (the
    /// buffer's headers are its headers, in order); default for binary and MTOM messages and for a copy WCF had to read
    /// instead (August 2004 ReplyTo).
    /// </summary>
    public SoapBodySource BufferedEnvelope { get; private set; }

    /// <summary>The buffered message for the re-encode path; null until <see cref="TryBuffer"/> made it (a session's and one WCF read: always there).</summary>
    public MessageBuffer? Buffer { get; private set; }

    /// <summary>A text or msbin1 message read by the router's own envelope reader.</summary>
    public static ReceivedMessage FromText(SoapMessageView view)
    {
        ArgumentNullException.ThrowIfNull(view);
        return new ReceivedMessage(view, view, buffer: null, view.Addressing.MessageId, view.Addressing.To, view.Addressing.Action is not null);
    }

    /// <summary>
    /// A net.tcp session's message read by the router's own reader from its msbin1 translation; <paramref name="decoded"/>
    /// is the session's buffer of it (read by WCF when a re-encode first asks), owned from here on.
    /// </summary>
    public static ReceivedMessage FromSession(SoapMessageView view, MessageBuffer decoded)
    {
        ArgumentNullException.ThrowIfNull(view);
        ArgumentNullException.ThrowIfNull(decoded);
        return new ReceivedMessage(view, view, decoded, view.Addressing.MessageId, view.Addressing.To, view.Addressing.Action is not null);
    }

    /// <summary>
    /// A message read by a WCF encoder and buffered straight away; <paramref name="mtomEnvelope"/>: where an MTOM
    /// message's root part (its text envelope) sits in the received bytes.
    /// </summary>
    public static ReceivedMessage FromBuffer(MessageBuffer buffer, string path, string? transportAction, ByteRange? mtomEnvelope = null)
    {
        var view = new BufferedMessageView(buffer, path, transportAction);
        return new ReceivedMessage(view, textView: null, buffer, view.MessageId, view.To?.OriginalString, view.HasAddressing)
        {
            MtomEnvelope = mtomEnvelope,
        };
    }

    /// <summary>Where an MTOM message's root part sits in the received bytes (the verbatim path splices To there); null for other encodings.</summary>
    public ByteRange? MtomEnvelope { get; private init; }

    /// <summary>
    /// Makes the buffer for the re-encode path by reading <paramref name="inbound"/> with the listener's WCF codec;
    /// false when WCF cannot read what the router's own reader accepted (the caller refuses the message).
    /// </summary>
    public bool TryBuffer(MessageContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var state = context.State;
        var inbound = context.Inbound;
        if (Buffer is not null)
        {
            return true;
        }

        Message? message = null;
        try
        {
            var binding = context.Listener.Binding;
            var bytes = inbound.Bytes;
            if (August2004ReplyTo.ReadableCopy(binding, bytes, state.Limits) is { } readable)
            {
                // WCF 10.1 cannot read the anonymous August 2004 ReplyTo a WCF client sends: it reads a copy without it.
                bytes = readable;
            }

            var codec = state.Codec(binding);
            message = codec.Read(bytes, inbound.ContentType);

            // Read before any header is touched; each attempt's message is this one or the bytes read again.
            Buffer = new ReadAgainBuffer(codec, bytes, inbound.ContentType, message);
            message = null;
            if (bytes == inbound.Bytes && _textView is not null)
            {
                BufferedEnvelope = _textView.Source;
            }

            return true;
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return false;
        }
        finally
        {
            message?.Close();
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _textView?.Dispose();
        Buffer?.Close();
    }
}
