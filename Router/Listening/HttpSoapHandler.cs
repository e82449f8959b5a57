using System.Buffers;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Primitives;
using SoapRouter.Compression;
using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.Listening.Connections;
using SoapRouter.Metadata;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Listening;

/// <summary>
/// The HTTP side of one request to a SOAP listener, its admission: method and content type, the per-client rate limit, the
/// buffer budget, then (once <see cref="HttpBodyIntake"/> has the body) the concurrency gate; then the
/// <see cref="MessagePipeline"/> takes the message and this writes back what it answers. A client that goes away is counted
/// and let go; anything else unexpected is logged as the bug it is and answered with a generic fault.
/// </summary>
/// <param name="budget">What request bodies, rented from the shared array pool, are held within.</param>
/// <param name="drain">While set, a GET that is not for metadata answers 503 (what a load balancer in front checks).</param>
internal sealed partial class HttpSoapHandler(
    MessagePipeline pipeline,
    PipelineStateCache states,
    PipelineFaults faults,
    OutcomeRecorder outcomes,
    WsdlProxy metadata,
    ConcurrencyGate gate,
    ClientRateLimiter rateLimiter,
    CompressionLinks compression,
    TimeProvider timeProvider,
    ILogger<HttpSoapHandler> logger,
    BufferBudget budget,
    DrainSignal? drain = null) : IDisposable
{
    /// <summary>What a 503 tells the client: try again in a second.</summary>
    private const string RetryAfterSeconds = "1";

    // cache.exposeHeader: whether the response cache answered (HIT, a stampede join included) or the backend did (MISS).
    private const string CacheHeader = "X-Cache";

    private readonly MessagePipeline _pipeline = pipeline;
    private readonly PipelineStateCache _states = states;
    private readonly PipelineFaults _faults = faults;
    private readonly OutcomeRecorder _outcomes = outcomes;
    private readonly WsdlProxy _metadata = metadata;
    private readonly ConcurrencyGate _gate = gate;
    private readonly ILogger _logger = logger;
    private readonly ClientRateLimiter _rateLimiter = rateLimiter;
    private readonly HttpBodyIntake _intake = new(faults, outcomes, timeProvider, logger);
    private readonly CompressionLinks _compression = compression;
    private readonly TimeProvider _time = timeProvider;
    private readonly BufferBudget _budget = budget;
    private readonly DrainSignal? _drain = drain;

    /// <summary>The concurrency gate, sized from the config the router started with.</summary>
    public ConcurrencyGate Gate => _gate;

    /// <inheritdoc />
    public void Dispose() => _intake.Dispose();

    /// <summary>Handles one request addressed to <paramref name="listener"/>.</summary>
    public async Task HandleAsync(HttpContext context, SoapListener listener)
    {
        if (!HttpMethods.IsPost(context.Request.Method))
        {
            if (HttpMethods.IsGet(context.Request.Method) && MetadataQuery.IsMetadata(context.Request.QueryString.Value))
            {
                await _metadata.HandleAsync(context, listener).ConfigureAwait(false);
                return;
            }

            await (_drain?.IsDraining == true
                ? ListenerResponses.WriteDrainingAsync(context)
                : ListenerResponses.WriteMethodNotAllowedAsync(context)).ConfigureAwait(false);
            return;
        }

        // One state per message: a reload while it is in flight changes nothing for it.
        var state = _states.Current;

        // The message's server span covers everything from here, refusals before the pipeline included; it continues
        // the client's traceparent (a malformed one is ignored) and is current while the message is handled.
        using var activity = RouterTracing.IsActive(state.State.Config.Telemetry.Tracing.Enabled)
            ? RouterTracing.StartMessage(listener, enabled: true, Header(context.Request.Headers, "traceparent"), Header(context.Request.Headers, "tracestate"))
            : null;

        // The message's context from here on, and with it its one outcome, whatever fails after it was recorded (the write of
        // its answer, say).
        var message = new MessageContext(listener, state, activity);
        try
        {
            await HandlePostAsync(context, message).ConfigureAwait(false);
        }
        catch (Exception exception) when (ClientBodyErrors.IsClientGone(exception, context))
        {
            _outcomes.RecordDropped(message, FaultKind.ClientAborted);
            ListenerLog.ClientAborted(_logger, listener.Name);
            context.Abort();
        }
        catch (Exception exception) when (exception is InsufficientMemoryException or OutOfMemoryException && !context.Response.HasStarted)
        {
            // The heap met the GC's limit while this message was handled (WCF's buffers wrap it as
            // InsufficientMemoryException): the router is busy, not broken, and the client may try again.
            ListenerLog.OutOfMemory(_logger, listener.Name, exception.GetType().Name);
            await RefuseBusyAsync(context, message, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
        }
        catch (Exception exception)
        {
            ListenerLog.Unexpected(_logger, exception, listener.Name);
            activity?.SetStatus(System.Diagnostics.ActivityStatusCode.Error, exception.GetType().Name);
            if (context.Response.HasStarted)
            {
                context.Abort();
                return;
            }

            using var fault = _faults.Refuse(
                message, SoapFaultSpec.Receiver("The router failed to handle the message."), FaultKind.BadRequest, 0);
            await ListenerResponses.WriteAsync(context, fault.Encoded!).ConfigureAwait(false);
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask HandlePostAsync(HttpContext context, MessageContext message)
    {
        var listener = message.Listener;
        var state = message.State;
        var link = _compression.Listener(listener.Name);
        var client = _compression.Client(link, context.Connection.RemoteIpAddress, context.Connection.ClientCertificate);
        var headers = context.Request.Headers;
        var compression = InboundCompression.From(
            context.Request.ContentType, headers[CompressionHeaders.ContentEncoding], headers[CompressionHeaders.OriginalLength], link.Registry);
        if (compression.Problem is { } problem)
        {
            await RefuseUnsupportedAsync(context, message, problem).ConfigureAwait(false);
            return;
        }

        var contentType = compression.ContentType;
        if (contentType is null || !listener.Binding.Accepts(contentType))
        {
            await RefuseUnsupportedAsync(
                context, message, $"The content type must be {listener.Binding.MediaType} on this {listener.Binding.Name} listener.").ConfigureAwait(false);
            return;
        }

        if (listener.IsStreamed && compression.Codec is not null)
        {
            // A compressed stream would have to be decoded to be routed and re-encoded; streamed links stay plain.
            await RefuseUnsupportedAsync(context, message, $"A streamed {listener.Binding.Name} listener does not read compressed messages.").ConfigureAwait(false);
            return;
        }

        if (!_rateLimiter.TryAcquire(context.Connection.RemoteIpAddress))
        {
            await RefuseBusyAsync(context, message, "Too many requests from this client; try again later.", FaultKind.ClientRateLimited).ConfigureAwait(false);
            return;
        }

        // Its cost before its body (limits.maxBufferedBytes): a burst of large messages waits or is refused before it is read.
        // A streamed message holds its header section and copy buffers only, whatever its size.
        // A compressed message reserves its decoded form too, before its body is read: the length its sender announced
        // (the decoder holds it to that), else an estimate topped up once decoded.
        var bodyLength = Math.Min(context.Request.ContentLength ?? state.MaxMessageSize, state.MaxMessageSize);
        var announced = false;
        var decodedCap = compression.Codec is null ? 0 : HttpBodyIntake.DecodedCap(state, compression.OriginalLengthHeader, out announced);
        using var reservation = await _budget.ReserveAsync(
            listener.IsStreamed
                ? BufferBudget.StreamedCost(state.State.Config.Limits.Streamed.MaxHeadersSize, Streaming.StreamedExchange.ChunkSize)
                : compression.Codec is null
                    ? BufferBudget.MessageCost(bodyLength)
                    : BufferBudget.CompressedMessageCost(bodyLength, announced ? decodedCap : Math.Min(decodedCap, bodyLength * BufferBudget.UnannouncedExpansion)),
            context.RequestAborted).ConfigureAwait(false);
        if (reservation is null)
        {
            await RefuseBusyAsync(context, message, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
            return;
        }

        if (listener.IsStreamed)
        {
            await HandleStreamedAsync(context, message, contentType).ConfigureAwait(false);
            return;
        }

        // The whole body first, then a slot: a client that sends slowly holds a buffer for a bounded time, never a slot.
        if (await _intake.ReadAsync(context, message, client).ConfigureAwait(false) is not { } body)
        {
            return;
        }

        // Small plain messages are handled where their last byte arrived; a large or compressed one is worth the hop.
        if (compression.Codec is not null || IoScheduling.IsLarge(body.Length))
        {
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
        }

        if (compression.Codec is { } codec)
        {
            if (await _intake.DecompressAsync(context, message, link, codec, compression.OriginalLengthHeader, decodedCap, body).ConfigureAwait(false) is not { } decoded)
            {
                return;
            }

            body = decoded;
            var more = BufferBudget.CompressedMessageCost(bodyLength, decoded.Length) - reservation.Bytes;
            if (more > 0 && !await reservation.GrowAsync(more, context.RequestAborted).ConfigureAwait(false))
            {
                // It decoded larger than reckoned and the rest did not come free in limits.queueTimeout.
                if (body.Length > 0)
                {
                    _intake.Pool.Return(body.Buffer);
                }

                await RefuseBusyAsync(context, message, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
                return;
            }
        }

        try
        {
            if (!await _gate.TryEnterAsync(context.RequestAborted).ConfigureAwait(false))
            {
                await RefuseBusyAsync(context, message, "The router is busy; try again later.", FaultKind.RouterBusy).ConfigureAwait(false);
                return;
            }

            try
            {
                await ProcessAsync(context, message, contentType, body, client).ConfigureAwait(false);
            }
            finally
            {
                _gate.Exit();
            }
        }
        finally
        {
            // An empty body holds no rented buffer.
            if (body.Length > 0)
            {
                _intake.Pool.Return(body.Buffer);
            }
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask ProcessAsync(HttpContext context, MessageContext message, string contentType, PooledBody body, ClientLink client)
    {
        var listener = message.Listener;
        var state = message.State;
        var link = client.Link;
        var headers = context.Request.Headers;
        message.Inbound = Inbound(context, contentType, body.Buffer, body.Length);
        var (answer, outcome) = await _pipeline.ProcessAsync(message).ConfigureAwait(false);
        using (answer)
        {
            if (answer is null)
            {
                return;
            }

            // An HTTP listener's answers are always encoded by the pipeline; compressed when the client accepts a codec.
            var accepts = link.Options.Enabled && headers.TryGetValue(CompressionHeaders.AcceptEncoding, out var acceptEncoding)
                ? CompressionHeaders.ParseAcceptEncoding(acceptEncoding.ToString(), link.Registry)
                : CodecSet.Empty;
            if (!accepts.Without(CodecId.None).IsEmpty)
            {
                ClientLinkSampling.BeforeReply(context, client);
            }

            if (answer.CacheResult is { } cached && state.State.Config.Cache.ExposeHeader)
            {
                context.Response.Headers[CacheHeader] = cached == Caching.CacheResult.Miss ? "MISS" : "HIT";
            }

            try
            {
                await ListenerResponses.WriteAsync(context, answer.Encoded!, link, accepts, outcome.Action, client.PeerBytesPerSecond).ConfigureAwait(false);
            }
            catch (Exception exception) when (ClientBodyErrors.IsClientGone(exception, context))
            {
                // Its outcome was recorded before the answer went out: a client that leaves while it is written is the
                // same message ending on the wire, not a second outcome (no ClientAborted fault on top of its answer).
                ListenerLog.ClientLeftDuringAnswer(_logger, listener.Name);
                context.Abort();
            }
        }
    }

    /// <summary>The message as the pipeline takes it: <paramref name="buffer"/>'s first <paramref name="length"/> bytes and the request's transport headers.</summary>
    private static InboundMessage Inbound(HttpContext context, string contentType, byte[] buffer, int length, Streaming.StreamedRequest? streamed = null)
    {
        var headers = context.Request.Headers;
        return new InboundMessage
        {
            Buffer = buffer,
            Length = length,
            Streamed = streamed,
            ContentType = contentType,
            SoapActionHeader = Header(headers, "SOAPAction"),
            TraceParent = Header(headers, "traceparent"),
            TraceState = Header(headers, "tracestate"),

            // What the listener's TLS handshake received (ITlsConnectionFeature); null on plain HTTP.
            ClientCertificate = context.Connection.ClientCertificate,
            Aborted = context.RequestAborted,
        };
    }

    private async Task RefuseBusyAsync(HttpContext context, MessageContext message, string reason, FaultKind kind)
    {
        // 503 is what WCF clients turn into ServerTooBusyException; Retry-After tells any client when to come back.
        context.Response.Headers.RetryAfter = RetryAfterSeconds;
        using var busy = _faults.Refuse(
            message, SoapFaultSpec.Receiver(reason), kind, 0, statusCode: StatusCodes.Status503ServiceUnavailable);
        await ListenerResponses.WriteAsync(context, busy.Encoded!).ConfigureAwait(false);
    }

    /// <summary>A Sender fault with <paramref name="reason"/> as HTTP 415: a body this listener does not read (its media type or coding).</summary>
    private async Task RefuseUnsupportedAsync(HttpContext context, MessageContext message, string reason)
    {
        using var refused = _faults.Refuse(
            message, SoapFaultSpec.Sender(reason), FaultKind.BadRequest, 0, statusCode: StatusCodes.Status415UnsupportedMediaType);
        await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
    }

    private static string? Header(IHeaderDictionary headers, string name) =>
        headers.TryGetValue(name, out var values) && !StringValues.IsNullOrEmpty(values) ? values.ToString() : null;
}
