using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Hosting;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Listening.NetTcp;

/// <summary>
/// One netTcp listener as its sessions (<see cref="NetTcpClientSession"/>) see it: each message a session's decoder read
/// goes into the <see cref="MessagePipeline"/>, and its answer (a message; none for a one-way message, or one relayed
/// on a session with affinity) goes back on the same session, where the session's encoder writes it in send order; a
/// one-way message the pipeline refuses ends the session instead.
/// Messages of one session are handled concurrently, in their turns' order where that matters.
/// </summary>
internal sealed class NetTcpListenerEndpoint(
    SoapListener listener, MessagePipeline pipeline, PipelineStateCache states, RouterStatistics statistics, ILogger logger)
{
    /// <summary>The listener.</summary>
    public SoapListener Listener { get; } = listener;

    /// <summary>The pipeline's counters, for what a session relays outside the message path.</summary>
    public RouterStatistics Statistics => statistics;

    /// <summary>The current config's message size limit, for what a session relays outside the message path (a fault read to be translated).</summary>
    public int MaxMessageSize => states.Current.MaxMessageSize;

    /// <summary>A session of this listener, resolved from its preamble's Via.</summary>
    public NetTcpClientSession NewSession() => new(this, logger);

    /// <summary>
    /// Handles <paramref name="request"/>, the message of <paramref name="turn"/>, and answers it on its session, or ends
    /// <paramref name="session"/> when the pipeline refused a one-way message (a durable route that could not keep it).
    /// </summary>
    public async ValueTask HandleAsync(NetTcpRequest request, SessionTurn turn, NetTcpClientSession session)
    {
        ArgumentNullException.ThrowIfNull(request);
        using (request)
        {
            // The session's reader has read it already. A small one stays on the event thread, as a small HTTP message does:
            // routed and sent on as its bytes, or re-encoded in tens of microseconds; a large one goes to the thread pool.
            if (IoScheduling.IsLarge(request.EncodedLength))
            {
                await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
            }
            // net.tcp has no HTTP headers: the trace context comes in the configured SOAP header, if any.
            var state = states.Current;
            var tracing = state.State.Config.Telemetry.Tracing;
            var traceParent = tracing.SoapHeader is { } header ? SoapTraceHeader.Read(request.Buffer, header) : null;
            using var activity = RouterTracing.StartMessage(Listener, tracing.Enabled, traceParent, traceState: null);
            try
            {
                var message = new MessageContext(Listener, state, activity);
                message.Inbound = new InboundMessage
                {
                    Buffer = [],
                    Length = request.EncodedLength,
                    ContentType = SoapMediaTypes.MsbinSession1,
                    Decoded = request.Buffer,
                    Msbin1 = request.Msbin1,
                    Aborted = request.SessionClosing,

                    // The connection's, from its TLS upgrade; null on a plain session.
                    ClientCertificate = request.ClientCertificate,
                    TraceParent = traceParent,
                    Turn = turn,
                };
                using var answer = (await pipeline.ProcessAsync(message).ConfigureAwait(false)).Answer;
                if (answer is { EndsSession: true })
                {
                    session.End(answer.SessionFault);
                }
                else if (answer?.Message is { } reply)
                {
                    await request.SendAsync(reply, request.SessionClosing).ConfigureAwait(false);
                }
                else if (answer?.Encoded is { IsEmpty: false } encoded)
                {
                    // A net.tcp destination's reply passed on as its session-free msbin1 bytes (the verbatim path).
                    await request.SendEncodedAsync(encoded.Body, request.SessionClosing).ConfigureAwait(false);
                }
            }
            catch (OperationCanceledException) when (request.SessionClosing.IsCancellationRequested)
            {
                // The client's session ended while its message was in flight: nobody to answer.
                NetTcpListenerLog.SessionGone(logger, Listener.Name);
            }
            catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex) || ex is InvalidOperationException)
            {
                // The session could not take the answer (it ended, or the client reset it).
                var reason = ex.GetType().Name;
                NetTcpListenerLog.AnswerNotSent(logger, Listener.Name, reason);
            }
        }
    }
}
