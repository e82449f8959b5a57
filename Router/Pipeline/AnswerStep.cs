using System.ServiceModel.Channels;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Reencoding;
using SoapRouter.Streaming;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Pipeline;

/// <summary>
/// The last step of the path: the client's answer made from what the destination answered, after forwarding. The
/// verbatim path passes the destination's bytes on; a re-encode path maps the reply to the client's binding and encodes
/// it (an HTTP client), or hands it over as a message for a session client's connection to encode in send order. When the
/// router cannot make the answer (the reply is too large once re-encoded, or the client's encoding cannot carry it), that
/// is the router's failure: the destination answered, and is neither blamed nor replaced by another.
/// </summary>
internal static class AnswerStep
{
    /// <summary>
    /// The client's answer to the message of <paramref name="context"/> from <paramref name="reply"/> (owned from here on),
    /// which <paramref name="destination"/> sent; null (logged) when the router cannot make it.
    /// </summary>
    public static ClientAnswer? Make(MessageContext context, DestinationState destination, DestinationReply reply, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(reply);
        var state = context.State;
        var isFault = reply.IsFault;
        if (reply.IsAcknowledgement)
        {
            return ClientAnswer.OneWayAck();
        }

        var verbatim = reply.IsVerbatim;
        var envelope = reply.Envelope;
        var transcodedFrom = reply.DestinationLength;
        var (bytes, stream, read) = reply.Take();
        if (stream is not null)
        {
            return Streamed(context, destination, stream, read, isFault, logger);
        }

        if (verbatim)
        {
            return ClientAnswer.FromEncoded(bytes!, isFault, transcodedFrom);
        }

        return Reencoded(state, context.Listener.Binding, context.MessageId, destination, read!, bytes, envelope, isFault, logger);
    }

    /// <summary>
    /// <paramref name="read"/> (from <paramref name="readFrom"/>'s bytes, if any, whose <paramref name="envelope"/> the answer is
    /// written from when it can be read again) made into the client's answer: encoded now for an HTTP client, handed over as
    /// a message for a session client. Owns both from here on.
    /// </summary>
    private static ClientAnswer? Reencoded(
        PipelineState state,
        Wire.Bindings.WireBinding listener,
        string? messageId,
        DestinationState destination,
        Message read,
        RawSoapReply? readFrom,
        Routing.SoapBodySource envelope,
        bool isFault,
        ILogger logger)
    {
        Message? forClient = null;
        try
        {
            forClient = MessageBridge.ForClient(read, listener, messageId, state.MaxMessageSize, envelope);

            // The destination's counters take what it sent, not what the client gets.
            var destinationLength = readFrom?.Length ?? 0;
            if (listener.IsSession)
            {
                var answer = ClientAnswer.FromMessage(forClient, isFault, new ReadMessageOwner(read, readFrom), destinationLength);
                forClient = null;
                read = null!;
                readFrom = null;
                return answer;
            }

            var codec = state.Codec(listener);
            var encodedBytes = codec.Write(forClient);
            var status = isFault ? StatusCodes.Status500InternalServerError : StatusCodes.Status200OK;
            var encoded = new RawSoapReply(status, codec.ContentType, encodedBytes) { ForbidsStoring = readFrom?.ForbidsStoring ?? false };
            return ClientAnswer.FromEncoded(encoded, isFault, destinationLength);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex) || ex is InvalidOperationException)
        {
            var reason = ErrorClassifier.IsTooLarge(ex) ? $"larger than {state.MaxMessageSize} bytes" : ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(logger, destination.Name, destination.Binding.Name, listener.Name, reason);
            return null;
        }
        finally
        {
            forClient?.Close();
            read?.Close();
            readFrom?.Dispose();
        }
    }

    /// <summary>A streamed reply passed on as it arrives: as it is, or mapped to the client's binding from its header section <paramref name="read"/>.</summary>
    private static ClientAnswer? Streamed(
        MessageContext context,
        DestinationState destination,
        StreamedReply stream,
        Message? read,
        bool isFault,
        ILogger logger)
    {
        var state = context.State;
        var timeout = context.Cluster!.RequestTimeout;
        var limits = state.State.Config.Limits.Streamed;
        if (read is null)
        {
            return ClientAnswer.FromStreamed(new VerbatimStreamedAnswer(stream, isFault, limits.MaxMessageSize, timeout, StreamedExchange.ChunkSize));
        }

        var listener = context.Listener.Binding;
        try
        {
            var forClient = MessageBridge.ForClient(read, listener, context.MessageId, state.MaxMessageSize);
            return ClientAnswer.FromStreamed(
                new ReencodedStreamedAnswer(stream, read, forClient, state.Codec(listener), isFault, limits.MaxMessageSize, timeout));
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex) || ex is InvalidOperationException)
        {
            read.Close();
            stream.Dispose();
            var reason = ex.GetType().Name;
            PipelineLog.ReplyReencodeFailed(logger, destination.Name, destination.Binding.Name, listener.Name, reason);
            return null;
        }
    }
}
