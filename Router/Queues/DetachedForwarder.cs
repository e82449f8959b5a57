using SoapRouter.Forwarding;
using SoapRouter.Listening;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;

namespace SoapRouter.Queues;

/// <summary>
/// Sends a kept message (a stored one's delivery, a multicast copy) with nobody waiting for its answer, through the same
/// path as a client's: its bytes made into a <see cref="MessageContext"/> on the listener it arrived on (as
/// <see cref="SoapListener.Kept"/> reads them), read again, then
/// the forwarder and the senders (failover, verbatim or re-encoded, compression, TLS), the destination's reply disposed.
/// Every attempt is counted per destination as any forwarded message's is.
/// </summary>
internal sealed class DetachedForwarder(
    PipelineStateCache states, ListenerSet listeners, Forwarder forwarder, DestinationSenders senders, OutcomeRecorder outcomes)
{
    /// <summary>
    /// Sends <paramref name="message"/> to its cluster (<paramref name="oneWay"/>: no reply is waited for where a destination
    /// gives none); <paramref name="stopping"/> cuts it short when the router stops.
    /// </summary>
    public async Task<DetachedResult> ForwardAsync(StoredMessage message, bool oneWay, CancellationToken stopping)
    {
        var state = states.Current;
        if (listeners.Named(message.Listener) is not { } served)
        {
            return new DetachedResult(DetachedOutcome.Unusable, $"its listener '{message.Listener}' is not served any more");
        }

        // A net.tcp listener's messages are kept in msbin1, not in its session encoding (KeptBytes).
        var listener = served.Kept;

        if (state.Target(message.Cluster) is not { } target)
        {
            return new DetachedResult(DetachedOutcome.Failed, $"cluster '{message.Cluster}' is not in the config");
        }

        var context = new MessageContext(listener, state)
        {
            Inbound = new InboundMessage
            {
                Buffer = message.Body,
                Length = message.Body.Length,
                ContentType = message.ContentType,
                SoapActionHeader = message.SoapAction,
                TraceParent = message.TraceParent,
                Aborted = stopping,
            },
        };
        using var received = InboundReader.Read(context, out var error);
        if (received is null)
        {
            return new DetachedResult(DetachedOutcome.Unusable, error);
        }

        context.Received = received;
        context.Cluster = target.Cluster;
        context.OneWay = oneWay;
        if (target.NeedsReencoding(listener.Binding) && !received.TryBuffer(context))
        {
            return new DetachedResult(DetachedOutcome.Unusable, "the message could not be read for re-encoding");
        }

        // At least once: a delivery may be repeated anyway, so an attempt that may have reached a backend is tried elsewhere too.
        var sender = new MessageSender(new OutgoingMessage(context), senders);
        var result = await forwarder.ForwardAsync(target.Cluster, idempotent: true, sender, stopping).ConfigureAwait(false);
        using (result.Reply)
        {
            outcomes.RecordForwarding(context, result, sender, result.Reply?.Length ?? 0);
        }

        return result.Error switch
        {
            ForwardError.None => DetachedResult.Delivered,
            ForwardError.BackendFault => new DetachedResult(DetachedOutcome.Faulted, "the service answered with a fault"),
            ForwardError.Cancelled when stopping.IsCancellationRequested => DetachedResult.Stopped,
            ForwardError.EncodingFailed => new DetachedResult(DetachedOutcome.Unusable, "the message could not be re-encoded for its destination"),
            var other => new DetachedResult(DetachedOutcome.Failed, ForwardErrorNames.Of(other)),
        };
    }
}
