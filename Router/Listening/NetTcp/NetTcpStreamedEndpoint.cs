using System.Buffers;
using SoapRouter.Hosting;
using SoapRouter.Pipeline;
using SoapRouter.Streaming;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Listening.NetTcp;

/// <summary>
/// A streamed netTcp listener (transportMode streamed; a client's NetTcpBinding with TransferMode.Streamed): each
/// connection's singleton-unsized envelope is read as the HTTP streamed listener reads a body (<see cref="StreamedRequest"/>:
/// the header section under requestBodyTimeout, routed on, the rest as the destination takes it), and the answer goes back
/// as chunks of one envelope. A reply that breaks part way, a request that fails, or one past
/// limits.streamed.maxMessageSize cuts the connection (the client sees a CommunicationException).
/// </summary>
internal sealed class NetTcpStreamedEndpoint(
    SoapListener listener,
    MessagePipeline pipeline,
    PipelineStateCache states,
    PipelineFaults faults,
    OutcomeRecorder outcomes,
    TimeProvider time,
    ILogger logger)
    : INetTcpStreamedEndpoint
{
    /// <summary>The listener.</summary>
    public SoapListener Listener { get; } = listener;

    /// <summary>Never called: the framing refuses a duplex preamble to a streamed endpoint (UnsupportedMode).</summary>
    public ValueTask HandleAsync(NetTcpRequest request) =>
        throw new NotSupportedException("A streamed netTcp listener takes singleton-unsized messages only.");

    /// <inheritdoc />
    public async ValueTask HandleStreamedAsync(NetTcpStreamedExchange exchange)
    {
        ArgumentNullException.ThrowIfNull(exchange);
        var state = states.Current;
        var limits = state.State.Config.Limits;
        var tracing = state.State.Config.Telemetry.Tracing;
        using var activity = RouterTracing.IsActive(tracing.Enabled) ? RouterTracing.StartMessage(Listener, enabled: true, traceParent: null, traceState: null) : null;
        var message = new MessageContext(Listener, state, activity);
        (StreamedRequest? Request, HeaderSectionError Error) read;
        using (var deadline = CancellationTokenSource.CreateLinkedTokenSource(exchange.Aborted))
        {
            deadline.CancelAfter(limits.RequestBodyTimeout);
            try
            {
                read = await StreamedRequest.ReadAsync(
                    exchange.Request, declaredLength: null, binary: true, limits.Streamed.MaxHeadersSize, ArrayPool<byte>.Shared, Classify, deadline.Token).ConfigureAwait(false);
            }
            catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex) || ex is OperationCanceledException or InvalidDataException)
            {
                // Too slow, too large, gone or not framed: nobody to answer on this connection.
                var kind = Classify(ex);
                outcomes.RecordDropped(message, kind);
                var reason = ex.GetType().Name;
                NetTcpListenerLog.StreamedRequestFailed(logger, Listener.Name, reason);
                exchange.Abort();
                return;
            }
        }

        using var request = read.Request;
        if (request is null)
        {
            var reason = read.Error == HeaderSectionError.TooLarge
                ? $"The message's header section (everything before the Body's content) is larger than the router's limit of {limits.Streamed.MaxHeadersSize} bytes."
                : "The message is not a SOAP envelope whose header section the router can read.";
            using var refused = faults.Refuse(message, Wire.Faults.SoapFaultSpec.Sender(reason), FaultKind.BadRequest, 0);
            await AnswerEncodedAsync(exchange, refused.Encoded!, drain: null).ConfigureAwait(false);
            return;
        }

        await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
        message.Inbound = new InboundMessage
        {
            Buffer = request.HeadersEnvelope,
            Length = request.HeadersEnvelopeLength,
            Streamed = request,
            ContentType = SoapMediaTypes.Msbin1,
            ClientCertificate = exchange.ClientCertificate,
            Aborted = exchange.Aborted,
        };
        using var answer = (await pipeline.ProcessAsync(message).ConfigureAwait(false)).Answer;
        await AnswerAsync(exchange, answer, request).ConfigureAwait(false);
    }

    /// <summary>How a failure of the client's envelope is counted: too large (BadRequest), too slow, or the client gone.</summary>
    private static FaultKind Classify(Exception exception) => exception switch
    {
        EnvelopeTooLargeException => FaultKind.BadRequest,
        OperationCanceledException => FaultKind.SlowClient,
        InvalidDataException => FaultKind.BadRequest,
        _ => FaultKind.ClientAborted,
    };

    private async Task AnswerAsync(NetTcpStreamedExchange exchange, ClientAnswer? answer, StreamedRequest request)
    {
        if (answer is null || request.FailureKind == FaultKind.BadRequest && request.ClientFailure is not null)
        {
            // The client left, its envelope stopped coming, or it passed the size limit: cut the connection.
            exchange.Abort();
            return;
        }

        if (answer.Streamed is { } streamed)
        {
            var reply = new BufferedStream(exchange.Reply, StreamedExchange.ChunkSize);
            var passed = await StreamedExchange.PassReplyAsync(
                Listener,
                streamed,
                async (written, cancellationToken) =>
                {
                    await streamed.WriteBodyAsync(reply, written, cancellationToken).ConfigureAwait(false);
                    await reply.FlushAsync(cancellationToken).ConfigureAwait(false);
                    await exchange.Reply.CompleteAsync(cancellationToken).ConfigureAwait(false);
                },
                time,
                logger,
                exchange.Aborted).ConfigureAwait(false);
            if (!passed)
            {
                exchange.Abort();
            }

            return;
        }

        await AnswerEncodedAsync(exchange, answer.Encoded!, request).ConfigureAwait(false);
    }

    /// <summary>
    /// Answers with what the router wrote itself (a fault, an acknowledgement): after the rest of <paramref name="drain"/> was
    /// read and dropped, since a WCF client reads its reply only once it has sent its whole request. A client that sends
    /// nothing for requestBodyTimeout meanwhile is cut (net.tcp has no minimum data rate of Kestrel's).
    /// </summary>
    private async Task AnswerEncodedAsync(NetTcpStreamedExchange exchange, Forwarding.Http.RawSoapReply reply, StreamedRequest? drain)
    {
        using var deadline = new Forwarding.AttemptDeadline(states.Current.State.Config.Limits.RequestBodyTimeout, time, exchange.Aborted);
        try
        {
            if (drain is not null)
            {
                drain.Progress = deadline.Progress;
                await drain.DrainAsync(deadline.Token).ConfigureAwait(false);
            }
            else
            {
                await DrainAsync(exchange, deadline).ConfigureAwait(false);
            }

            if (reply.IsEmpty)
            {
                await exchange.Reply.CompleteEmptyAsync(exchange.Aborted).ConfigureAwait(false);
                return;
            }

            await exchange.Reply.WriteAsync(reply.Body, exchange.Aborted).ConfigureAwait(false);
            await exchange.Reply.CompleteAsync(exchange.Aborted).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex) || ex is InvalidDataException)
        {
            var reason = ex.GetType().Name;
            StreamingLog.DrainFailed(logger, Listener.Name, reason);
            exchange.Abort();
        }
    }

    /// <summary>Reads and drops the rest of an envelope no <see cref="StreamedRequest"/> holds.</summary>
    private static async Task DrainAsync(NetTcpStreamedExchange exchange, Forwarding.AttemptDeadline deadline)
    {
        var scratch = ArrayPool<byte>.Shared.Rent(16 * 1024);
        try
        {
            while (await exchange.Request.ReadAsync(scratch, deadline.Token).ConfigureAwait(false) > 0)
            {
                deadline.Progress();
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }
}
