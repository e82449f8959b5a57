using System.ServiceModel.Channels;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;
using SoapRouter.Forwarding.Transcoding;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// A net.tcp destination. A net.tcp or msbin1 client's message to a plain destination of the same SOAP and WS-Addressing
/// versions goes as its session-free msbin1 bytes with only To spliced (the verbatim path: no WCF reader or writer; its
/// reply comes back as bytes, matched by the client's own MessageID). Any other is a message made from the received
/// message's buffer, addressing mapped, written by the destination session's encoder (the router's own MessageID
/// correlates its reply). Either goes on a pooled session of the destination or, for a message of a client session with
/// affinity, on that client session's own backend session, whose replies and callbacks are relayed to the client session
/// in order (nothing to wait for here).
/// </summary>
internal sealed class NetTcpSender(ILogger logger) : IDestinationSender
{
    /// <inheritdoc />
    public async ValueTask<AttemptResult<DestinationReply>> SendAsync(OutgoingMessage message, DestinationState destination, CancellationToken cancellationToken)
    {
        var state = message.State;
        var client = state.NetTcp.Get(destination, message.Cluster, state.Limits, state.NetTcpSessions, state.NetTcpMaxSessions);
        if (FramedSource(message, destination, client) is { } bytes
            && await SendFramedAsync(message, destination, client, bytes, transcoded: false, cancellationToken).ConfigureAwait(false) is { } sentAsReceived)
        {
            return sentAsReceived;
        }

        // In a method of its own: what this one keeps while it waits for the reply (its state machine, allocated for every
        // message that waits) stays small on the verbatim path, the common one.
        return await SendOtherwiseAsync(message, destination, client, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>A message the verbatim path did not take: transcoded when it can be, else the WCF way.</summary>
    private async ValueTask<AttemptResult<DestinationReply>> SendOtherwiseAsync(
        OutgoingMessage message, DestinationState destination, NetTcpDestinationClient client, CancellationToken cancellationToken)
    {
        var state = message.State;
        var cluster = message.Cluster;
        var received = message.Received;
        if (Framed(message, client) && TextMsbin1Transcoding.Carries(message.Context, destination.Binding.Sessionless)
            && TextMsbin1Transcoding.Request(message, destination, destination.Binding.Sessionless, logger) is { } transcoded)
        {
            AttemptResult<DestinationReply>? sent;
            using (transcoded)
            {
                sent = await SendFramedAsync(message, destination, client, transcoded.Bytes, transcoded: true, cancellationToken).ConfigureAwait(false);
            }

            if (sent is { } sentTranscoded)
            {
                return sentTranscoded;
            }
        }

        message.Context.SentPath = null;
        if (message.WcfBuffer() is not { } buffer)
        {
            PipelineLog.ReencodeFailed(
                logger, received.Action, message.Context.Listener.Binding.Name, destination.Binding.Name, destination.Name, Http.HttpReencodedSender.WcfCannotRead);
            message.RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        var source = buffer.CreateMessage();
        Message outgoing;
        try
        {
            outgoing = MessageBridge.ForDestination(source, destination.Binding, destination.Address, received.Action, received.BufferedEnvelope).Message;
            if (state.State.Config.Telemetry.Tracing.SoapHeader is { } header)
            {
                // net.tcp has no HTTP headers: the attempt's traceparent goes in the configured SOAP header.
                SoapTraceHeader.Replace(outgoing, header, RouterTracing.Outgoing(message.Inbound.TraceParent, null, out _));
            }
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            source.Close();
            var reason = ex.GetType().Name;
            PipelineLog.ReencodeFailed(logger, received.Action, message.Context.Listener.Binding.Name, destination.Binding.Name, destination.Name, reason);
            message.RememberLength(destination, 0);
            return AttemptResult<DestinationReply>.Failed(ForwardError.EncodingFailed);
        }

        NetTcpOutcome outcome;
        try
        {
            message.RememberLength(destination, 0);
            outcome = message.Turn is { } turn
                ? new NetTcpOutcome(await turn.Affinity.SendAsync(client, cluster, destination, outgoing, turn, cluster.RequestTimeout).ConfigureAwait(false), null)
                : await client.SendAsync(outgoing, expectReply: !message.OneWay, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            outgoing.Close();
            source.Close();
        }

        if (outcome.Reply is { } reply)
        {
            // The session's reply is re-encoded for the client: thread-pool work, not the event thread's.
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            return DestinationSenders.Replied(DestinationReply.Read(reply, outcome.Framed?.Bytes, outcome.Error == ForwardError.BackendFault));
        }

        return outcome.Error == ForwardError.None
            ? AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged())
            : AttemptResult<DestinationReply>.Failed(outcome.Error);
    }

    /// <summary>
    /// The session-free msbin1 bytes <paramref name="message"/> can go to <paramref name="destination"/> as, with only its
    /// To set: a net.tcp client's message (its session translated by the listener) or an msbin1 HTTP client's, in the
    /// destination's SOAP and WS-Addressing versions, to a destination the router's own framing sessions reach, when
    /// nothing else must change (no session of the client's own, no trace header to write). Null: the WCF way.
    /// </summary>
    private static ReadOnlyMemory<byte>? FramedSource(OutgoingMessage message, DestinationState destination, NetTcpDestinationClient client)
    {
        if (!Framed(message, client) || message.State.State.Config.Telemetry.Tracing.SoapHeader is not null)
        {
            return null;
        }

        var inbound = message.Inbound;
        var listener = message.Context.Listener.Binding;
        if (!ReferenceEquals(listener.Sessionless, destination.Binding.Sessionless))
        {
            return null;
        }

        if (inbound.Msbin1 is { } translated)
        {
            return translated;
        }

        if (listener.IsHttp && listener.IsBinary && !listener.IsMtom && inbound.Streamed is null)
        {
            return inbound.Bytes;
        }

        return null;
    }

    /// <summary>
    /// True when <paramref name="message"/> may go on <paramref name="client"/>'s framing sessions as bytes the router did not
    /// write with WCF: the client reaches them, and a reply, if one is expected, can be matched by the client's own MessageID
    /// (or goes to the client session's own backend session).
    /// </summary>
    private static bool Framed(OutgoingMessage message, NetTcpDestinationClient client) =>
        client.TakesFramed && (message.Turn is not null || message.OneWay || message.Received.MessageId is not null);

    /// <summary>
    /// Sends <paramref name="bytes"/> with To set to the destination's address on one of its framing sessions; the reply
    /// comes back as bytes for the client (the verbatim path). Null when the message must go the WCF way after all (its To
    /// could not be spliced, or its MessageID is already waiting on the session). <paramref name="transcoded"/>: the bytes
    /// are a text message transcoded to msbin1, its To set already, and the reply goes back transcoded to text.
    /// </summary>
    private async ValueTask<AttemptResult<DestinationReply>?> SendFramedAsync(
        OutgoingMessage message,
        DestinationState destination,
        NetTcpDestinationClient client,
        ReadOnlyMemory<byte> bytes,
        bool transcoded,
        CancellationToken cancellationToken)
    {
        var received = message.Received;
        byte[] payload;
        int length;
        using (var edited = transcoded
            ? ToHeaderRewriteResult.Unchanged
            : message.To.SpliceFor(bytes.Span, destination.Binding.Sessionless, received.To, destination.Config.Address))
        {
            // A To the scanner will not splice, or none at all: WCF's writer sets one, as the destination expects.
            if (edited.Error != ToHeaderRewriteError.None || edited.Status == ToHeaderRewriteStatus.NotPresent)
            {
                return null;
            }

            // Room for the Sized Envelope head, then the empty string table ([MC-NBFSE]), then the records.
            var body = edited.Select(bytes);
            length = 1 + body.Length;
            payload = MessageBufferPool.Instance.Rent(NetTcpFramingClient.HeadRoom + length);
            payload[NetTcpFramingClient.HeadRoom] = 0;
            body.Span.CopyTo(payload.AsSpan(NetTcpFramingClient.HeadRoom + 1));
        }

        FramedOutcome? outcome;
        try
        {
            if (message.Turn is { } turn)
            {
                // The client session's own backend session: replies and callbacks go to the client session's sink, in order.
                var error = await turn.Affinity.SendFramedAsync(
                    client, message.Cluster, destination, payload, NetTcpFramingClient.HeadRoom, length, turn, message.Cluster.RequestTimeout)
                    .ConfigureAwait(false);
                outcome = error is { } sentError ? new FramedOutcome(sentError, null) : null;
            }
            else
            {
                outcome = await client.SendFramedAsync(
                    payload, NetTcpFramingClient.HeadRoom, length, message.OneWay ? null : received.MessageId, cancellationToken)
                    .ConfigureAwait(false);
            }
        }
        finally
        {
            MessageBufferPool.Instance.Return(payload);
        }

        if (outcome is not { } sent)
        {
            return null;
        }

        message.RememberLength(destination, length);
        var path = transcoded ? ForwardingPath.Reencoded : ForwardingPath.Verbatim;
        message.Context.SentPath = path;
        RouterTracing.CurrentAttempt?.SetTag(SpanTags.Path, ForwardingPaths.TagOf(path));
        if (sent.Reply is { } reply)
        {
            return transcoded ? ForTextClient(message, destination, reply) : DestinationSenders.Replied(DestinationReply.Verbatim(reply.Bytes, reply.IsFault));
        }

        return sent.Error == ForwardError.None
            ? AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged())
            : AttemptResult<DestinationReply>.Failed(sent.Error);
    }

    /// <summary>
    /// A framing session's <paramref name="reply"/> (session-free msbin1) for a text client: transcoded when it can be,
    /// else read by WCF's msbin1 encoder for the answer step to re-encode.
    /// </summary>
    private AttemptResult<DestinationReply> ForTextClient(OutgoingMessage message, DestinationState destination, FramedReply reply)
    {
        var bytes = reply.Bytes;
        if (TextMsbin1Transcoding.Reply(message.Context, destination, bytes.Body.Span, reply.RelatesTo, forbidsStoring: false, logger) is { } forClient)
        {
            var length = bytes.Length;
            bytes.Dispose();
            return DestinationSenders.Replied(DestinationReply.Transcoded(forClient, reply.IsFault, length));
        }

        try
        {
            var read = message.State.Codec(destination.Binding.Sessionless).Read(bytes.Segment, SoapMediaTypes.Msbin1);
            return DestinationSenders.Replied(DestinationReply.Read(read, bytes, reply.IsFault));
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            bytes.Dispose();
            PipelineLog.ReplyReencodeFailed(logger, destination.Name, destination.Binding.Name, message.Context.Listener.Binding.Name, ex.GetType().Name);
            return AttemptResult<DestinationReply>.Failed(ForwardError.ResponseInvalid);
        }
    }
}
