using System.Runtime.CompilerServices;
using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// The verbatim path: an HTTP destination of the message's own binding gets the received bytes with only To set to its
/// address (the one edit a matched hop needs: a WCF backend's address filter insists on its own address), and its reply
/// comes back as it came.
/// </summary>
internal sealed class HttpVerbatimSender : IDestinationSender
{
    /// <inheritdoc />
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<AttemptResult<DestinationReply>> SendAsync(OutgoingMessage message, DestinationState destination, CancellationToken cancellationToken)
    {
        var inbound = message.Inbound;
        var received = message.Received;

        // No To (basicHttp), the right one already, or a message the strict scanners will not splice: the bytes go as
        // received, and a backend that checks To answers with its own fault.
        using var edited = message.To.SpliceFor(
            inbound.Bytes.AsSpan(), message.Context.Listener.Binding, received.To, destination.Config.Address, received.MtomEnvelope);
        var body = edited.Select(inbound.Bytes);
        message.RememberLength(destination, body.Length);
        var traceParent = RouterTracing.Outgoing(inbound.TraceParent, inbound.TraceState, out var traceState);
        var request = new RawSoapRequest(body, inbound.ContentType)
        {
            SoapAction = inbound.SoapActionHeader,
            TraceParent = traceParent,
            TraceState = traceState,
            Action = received.Action,
            ClientCertificate = message.ClientCertificateHeader,

            // An empty 2xx from the backend is a one-way acknowledgement, passed on as 202, also for a message not known to
            // be one-way (basicHttp cannot say so).
            AcceptsEmptyReply = true,
        };
        var result = await message.State.Transport.SendAsync(destination, message.Cluster.ConnectTimeout, request, cancellationToken).ConfigureAwait(false);
        return result.Reply is { } reply
            ? DestinationSenders.Replied(DestinationReply.Verbatim(reply, result.Error == ForwardError.BackendFault))
            : AttemptResult<DestinationReply>.Failed(result.Error);
    }
}
