using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Reencoding;
using SoapRouter.Routing;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Pipeline;

/// <summary>
/// The pipeline's first step: a message read far enough to route it, or the client's reason why it cannot be (a fixed
/// sentence, never parser text).
/// </summary>
internal static class InboundReader
{
    /// <summary>
    /// Reads the message far enough to route it: text envelopes, plain msbin1 and a net.tcp session's messages (translated
    /// into msbin1) with the router's own reader (no WCF message unless a destination needs re-encoding); MTOM, and what
    /// the router's reader refuses, with WCF's encoder, buffered at once.
    /// </summary>
    public static ReceivedMessage? Read(MessageContext context, out string? error)
    {
        ArgumentNullException.ThrowIfNull(context);
        error = null;
        var listener = context.Listener;
        var state = context.State;
        var inbound = context.Inbound;
        if (inbound.Decoded is { } decoded)
        {
            // A session's message translated into msbin1: read by the router's own reader, as a text message is; WCF's
            // encoder reads it only for a re-encode. One the router's reader refuses is read the WCF way below, which
            // tells a header WCF cannot read from a broken body (whose fault then relates to its MessageID).
            string? readerError = null;
            if (inbound.Msbin1 is { } msbin1)
            {
                var parsed = state.Reader.ReadMsbin1(msbin1, listener.Path, transportAction: null, listener.ValidateBody);
                if (parsed.Succeeded)
                {
                    return ReceivedMessage.FromSession(parsed.Message!, decoded);
                }

                readerError = parsed.ErrorMessage;
            }

            // Else a session's decoder has read it already, in the order its dictionary needs; its headers may still be
            // bad, and its body has not been read at all.
            try
            {
                var fromSession = ReceivedMessage.FromBuffer(decoded, listener.Path, transportAction: null);
                if (listener.ValidateBody && !TryReadBody((BufferedMessageView)fromSession.Routable, out error))
                {
                    context.NotRead(fromSession.MessageId);
                    fromSession.Dispose();
                    return null;
                }

                return fromSession;
            }
            catch (Exception ex) when (Wire.Errors.ErrorClassifier.IsBadInput(ex))
            {
                error = readerError ?? "A WS-Addressing header of the message is not valid.";
                return null;
            }
        }

        var transportAction = listener.Binding.TransportAction(inbound.ContentType, inbound.SoapActionHeader);
        if (!listener.Binding.IsBinary && !listener.Binding.IsMtom)
        {
            var parsed = state.Reader.ReadText(inbound.Bytes, listener.Path, transportAction, listener.ValidateBody);
            if (parsed.Succeeded)
            {
                return ReceivedMessage.FromText(parsed.Message!);
            }

            // The reason is one of the reader's fixed sentences, never parser text.
            error = parsed.ErrorMessage ?? "The message could not be read.";
            return null;
        }

        // Plain msbin1 is read by the router's own reader too; one it refuses, and msbin1 in another media type, WCF's way below.
        if (listener.Binding.IsBinary && !listener.Binding.IsMtom && SoapMediaTypes.Matches(inbound.ContentType, SoapMediaTypes.Msbin1))
        {
            var parsed = state.Reader.ReadMsbin1(inbound.Bytes, listener.Path, transportAction, listener.ValidateBody);
            if (parsed.Succeeded)
            {
                return ReceivedMessage.FromText(parsed.Message!);
            }
        }

        // MTOM: the package's structure first, so a missing part gets its own answer (and the verbatim path the root part).
        ByteRange? envelope = null;
        if (listener.Binding.IsMtom)
        {
            var problem = MtomPackage.Check(inbound.Bytes, inbound.ContentType, out var root);
            if (problem != MtomPackageError.None)
            {
                error = MtomPackage.Describe(problem);
                return null;
            }

            envelope = root;
        }

        Message? message = null;
        try
        {
            // An august2004 listener's WCF clients send an anonymous ReplyTo WCF 10.1 cannot read: WCF reads a copy without it.
            var bytes = inbound.Bytes;
            if (August2004ReplyTo.ReadableCopy(listener.Binding, bytes, state.Limits) is { } readable)
            {
                bytes = readable;
            }

            message = state.Codec(listener.Binding).Read(bytes, inbound.ContentType);

            // Buffered before any header is touched, so every copy made from it is the client's message.
            var buffer = message.CreateBufferedCopy(state.MaxMessageSize);
            var received = ReceivedMessage.FromBuffer(buffer, listener.Path, transportAction, envelope);
            if (listener.ValidateBody && !TryReadBody((BufferedMessageView)received.Routable, out error))
            {
                context.NotRead(received.MessageId);
                received.Dispose();
                return null;
            }

            return received;
        }
        catch (Exception ex) when (Wire.Errors.ErrorClassifier.IsBadInput(ex))
        {
            error = Wire.Errors.ErrorClassifier.IsTooLarge(ex) ? "The message is over the router's reader quotas."
                : listener.Binding.IsMtom ? "The message could not be read as MTOM." : "The message could not be read as msbin1.";
            return null;
        }
        finally
        {
            message?.Close();
        }
    }

    /// <summary>
    /// Reads the body of the message <paramref name="view"/> read its headers from to its end (no second read of the
    /// buffer); false with the client's reason when it is not a valid message.
    /// </summary>
    private static bool TryReadBody(BufferedMessageView view, out string? error)
    {
        try
        {
            view.ReadBodyToEnd();
            error = null;
            return true;
        }
        catch (Exception ex) when (Wire.Errors.ErrorClassifier.IsBadInput(ex))
        {
            error = Wire.Errors.ErrorClassifier.IsTooLarge(ex) ? "The message is over the router's reader quotas." : "The message body could not be read.";
            return false;
        }
    }
}
