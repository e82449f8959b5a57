using System.Buffers;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.Primitives;
using SoapRouter.Forwarding.Http;
using SoapRouter.Metadata;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Listening;

/// <summary>
/// The HTTP side of one request to a SOAP listener: method and content type, the concurrency gate, the body read
/// into a pooled buffer under the size limit; then the <see cref="MessagePipeline"/> takes the message and this writes
/// back what it answers. A client that goes away is counted and let go; anything else unexpected is logged as the bug
/// it is and answered with a generic fault.
/// </summary>
internal sealed class HttpSoapHandler
{
    private readonly MessagePipeline _pipeline;
    private readonly WsdlProxy _metadata;
    private readonly ConcurrencyGate _gate;
    private readonly RouterStatistics _statistics;
    private readonly ArrayPool<byte> _pool;
    private readonly ILogger _logger;

    /// <summary>Creates the handler; request bodies are rented from the shared array pool.</summary>
    public HttpSoapHandler(MessagePipeline pipeline, WsdlProxy metadata, ConcurrencyGate gate, RouterStatistics statistics, ILogger<HttpSoapHandler> logger)
    {
        ArgumentNullException.ThrowIfNull(pipeline);
        ArgumentNullException.ThrowIfNull(metadata);
        ArgumentNullException.ThrowIfNull(gate);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(logger);
        _pipeline = pipeline;
        _metadata = metadata;
        _gate = gate;
        _statistics = statistics;
        _logger = logger;
        _pool = ArrayPool<byte>.Shared;
    }

    /// <summary>The concurrency gate, sized from the config the router started with.</summary>
    public ConcurrencyGate Gate => _gate;

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

            await ListenerResponses.WriteMethodNotAllowedAsync(context).ConfigureAwait(false);
            return;
        }

        try
        {
            await HandlePostAsync(context, listener).ConfigureAwait(false);
        }
        catch (Exception exception) when (IsClientGone(exception, context))
        {
            _statistics.RecordFault(FaultKind.ClientAborted);
            ListenerLog.ClientAborted(_logger, listener.Name);
            context.Abort();
        }
        catch (Exception exception)
        {
            ListenerLog.Unexpected(_logger, exception, listener.Name);
            if (context.Response.HasStarted)
            {
                context.Abort();
                return;
            }

            using var fault = _pipeline.Faults.Refuse(
                listener, SoapFaultSpec.Receiver("The router failed to handle the message."), FaultKind.BadRequest, 0);
            await ListenerResponses.WriteAsync(context, fault.Encoded!).ConfigureAwait(false);
        }
    }

    private async Task HandlePostAsync(HttpContext context, SoapListener listener)
    {
        var contentType = context.Request.ContentType;
        if (contentType is null || !listener.Binding.Accepts(contentType))
        {
            var reason = $"The content type must be {listener.Binding.MediaType} on this {listener.Binding.Name} listener.";
            using var refused = _pipeline.Faults.Refuse(
                listener, SoapFaultSpec.Sender(reason), FaultKind.BadRequest, 0, statusCode: StatusCodes.Status415UnsupportedMediaType);
            await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
            return;
        }

        if (!await _gate.TryEnterAsync(context.RequestAborted).ConfigureAwait(false))
        {
            // 503 is what WCF clients turn into ServerTooBusyException.
            using var busy = _pipeline.Faults.Refuse(
                listener, SoapFaultSpec.Receiver("The router is busy; try again later."), FaultKind.RouterBusy, 0, statusCode: StatusCodes.Status503ServiceUnavailable);
            await ListenerResponses.WriteAsync(context, busy.Encoded!).ConfigureAwait(false);
            return;
        }

        try
        {
            await ReadAndProcessAsync(context, listener, contentType).ConfigureAwait(false);
        }
        finally
        {
            _gate.Exit();
        }
    }

    private async Task ReadAndProcessAsync(HttpContext context, SoapListener listener, string contentType)
    {
        // One state per message: a reload while it is in flight changes nothing for it.
        var state = _pipeline.CurrentState;
        var maxSize = state.MaxMessageSize;
        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } sizeLimit)
        {
            // Kestrel's limit was set from the config at start; this follows reloads.
            sizeLimit.MaxRequestBodySize = maxSize;
        }

        var declared = context.Request.ContentLength;
        if (declared > maxSize)
        {
            await RefuseTooLargeAsync(context, listener, maxSize).ConfigureAwait(false);
            return;
        }

        PooledBody body;
        try
        {
            body = await PooledBodyReader.ReadAsync(context.Request.Body, declared, maxSize, _pool, context.RequestAborted).ConfigureAwait(false);
        }
        catch (BadHttpRequestException exception) when (exception.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            await RefuseTooLargeAsync(context, listener, maxSize).ConfigureAwait(false);
            return;
        }

        if (body.TooLarge)
        {
            await RefuseTooLargeAsync(context, listener, maxSize).ConfigureAwait(false);
            return;
        }

        try
        {
            var headers = context.Request.Headers;
            var inbound = new InboundMessage
            {
                Listener = listener,
                Buffer = body.Buffer,
                Length = body.Length,
                ContentType = contentType,
                SoapActionHeader = Header(headers, "SOAPAction"),
                TraceParent = Header(headers, "traceparent"),
                TraceState = Header(headers, "tracestate"),
                Aborted = context.RequestAborted,
            };
            using var answer = await _pipeline.ProcessAsync(inbound, state).ConfigureAwait(false);
            if (answer is not null)
            {
                // An HTTP listener's answers are always encoded by the pipeline.
                await ListenerResponses.WriteAsync(context, answer.Encoded!).ConfigureAwait(false);
            }
        }
        finally
        {
            // An empty body holds no rented buffer.
            if (body.Length > 0)
            {
                _pool.Return(body.Buffer);
            }
        }
    }

    private async Task RefuseTooLargeAsync(HttpContext context, SoapListener listener, int maxSize)
    {
        // The rest of the body is not read: close the connection after answering rather than drain it.
        context.Response.Headers.Connection = "close";
        using var refused = _pipeline.Faults.Refuse(
            listener,
            SoapFaultSpec.Sender($"The message is larger than the router's limit of {maxSize} bytes."),
            FaultKind.BadRequest,
            0,
            statusCode: StatusCodes.Status413PayloadTooLarge);
        await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
    }

    private static string? Header(IHeaderDictionary headers, string name) =>
        headers.TryGetValue(name, out var values) && !StringValues.IsNullOrEmpty(values) ? values.ToString() : null;

    private static bool IsClientGone(Exception exception, HttpContext context) => exception switch
    {
        OperationCanceledException => context.RequestAborted.IsCancellationRequested,

        // A body cut short (Content-Length not reached, bad chunk) or a reset connection.
        BadHttpRequestException => true,
        IOException => true,
        _ => false,
    };
}
