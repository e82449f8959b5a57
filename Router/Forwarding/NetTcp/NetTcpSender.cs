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
        var cluster = message.Cluster;
        var received = message.Received;
        var client = state.NetTcp.Get(destination, cluster, state.Limits, state.NetTcpSessions, state.NetTcpMaxSessions);
        if (FramedSource(message, destination, client) is { } bytes
            && await SendFramedAsync(message, destination, client, bytes, cancellationToken).ConfigureAwait(false) is { } sentAsReceived)
        {
            return sentAsReceived;
        }

        message.Context.SentPath = null;
        var source = received.Buffer!.CreateMessage();
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
        if (!client.TakesFramed || message.State.State.Config.Telemetry.Tracing.SoapHeader is not null)
        {
            return null;
        }

        var inbound = message.Inbound;
        var listener = message.Context.Listener.Binding;
        if (!ReferenceEquals(listener.Sessionless, destination.Binding.Sessionless)
            || (message.Turn is null && !message.OneWay && message.Received.MessageId is null))
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
    /// Sends <paramref name="bytes"/> with To set to the destination's address on one of its framing sessions; the reply
    /// comes back as bytes for the client (the verbatim path). Null when the message must go the WCF way after all (its To
    /// could not be spliced, or its MessageID is already waiting on the session).
    /// </summary>
    private static async ValueTask<AttemptResult<DestinationReply>?> SendFramedAsync(
        OutgoingMessage message, DestinationState destination, NetTcpDestinationClient client, ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken)
    {
        var received = message.Received;
        byte[] payload;
        int length;
        using (var edited = message.To.SpliceFor(bytes.Span, destination.Binding.Sessionless, received.To, destination.Config.Address))
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
        message.Context.SentPath = ForwardingPath.Verbatim;
        RouterTracing.CurrentAttempt?.SetTag(SpanTags.Path, ForwardingPaths.TagOf(ForwardingPath.Verbatim));
        if (sent.Reply is { } reply)
        {
            return DestinationSenders.Replied(DestinationReply.Verbatim(reply.Bytes, reply.IsFault));
        }

        return sent.Error == ForwardError.None
            ? AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged())
            : AttemptResult<DestinationReply>.Failed(sent.Error);
    }
}
