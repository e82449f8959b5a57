using System.ServiceModel.Channels;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Pipeline;
using SoapRouter.Reencoding;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// A net.tcp destination: a message made from the received message's buffer, addressing mapped, sent on a pooled session
/// of the destination (the router's own MessageID correlates its reply), or, for a message of a client session with
/// affinity, on that client session's own backend session, whose replies and callbacks are relayed to the client session
/// in order (nothing to wait for here). The session's encoder writes it, so its size on the wire is not known here.
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
            return DestinationSenders.Replied(DestinationReply.Read(reply, bytes: null, outcome.Error == ForwardError.BackendFault));
        }

        return outcome.Error == ForwardError.None
            ? AttemptResult<DestinationReply>.Success(DestinationReply.Acknowledged())
            : AttemptResult<DestinationReply>.Failed(outcome.Error);
    }
}
