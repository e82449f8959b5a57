using System.Buffers;
using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Faults;
using SoapRouter.Forwarding.Http;
using SoapRouter.Hosting;
using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// The HTTP side of one request to a listener: method and content type, the concurrency gate, the body read into a
/// pooled buffer under the size limit; then the <see cref="VerbatimPipeline"/> takes the message. A client that goes
/// away is counted and let go; anything else unexpected is logged as the bug it is.
/// </summary>
internal sealed class SoapRequestHandler
{
    private readonly RouterRuntime _runtime;
    private readonly DispatchStateCache _dispatch;
    private readonly VerbatimPipeline _pipeline;
    private readonly ConcurrencyGate _gate;
    private readonly ListenerRefusals _refusals;
    private readonly RouterStatistics _statistics;
    private readonly ArrayPool<byte> _pool;
    private readonly ILogger _logger;

    /// <summary>Creates the handler; request bodies are rented from <paramref name="pool"/> (default: the shared pool).</summary>
    public SoapRequestHandler(
        RouterRuntime runtime,
        DispatchStateCache dispatch,
        VerbatimPipeline pipeline,
        ConcurrencyGate gate,
        ListenerRefusals refusals,
        RouterStatistics statistics,
        ILogger logger,
        ArrayPool<byte>? pool = null)
    {
        ArgumentNullException.ThrowIfNull(runtime);
        ArgumentNullException.ThrowIfNull(dispatch);
        ArgumentNullException.ThrowIfNull(pipeline);
        ArgumentNullException.ThrowIfNull(gate);
        ArgumentNullException.ThrowIfNull(refusals);
        ArgumentNullException.ThrowIfNull(statistics);
        ArgumentNullException.ThrowIfNull(logger);
        _runtime = runtime;
        _dispatch = dispatch;
        _pipeline = pipeline;
        _gate = gate;
        _refusals = refusals;
        _statistics = statistics;
        _logger = logger;
        _pool = pool ?? ArrayPool<byte>.Shared;
    }

    /// <summary>The concurrency gate, sized from the config the router started with.</summary>
    public ConcurrencyGate Gate => _gate;

    /// <summary>Handles one request addressed to <paramref name="listener"/>.</summary>
    public async Task HandleAsync(HttpContext context, SoapListener listener)
    {
        if (!HttpMethods.IsPost(context.Request.Method))
        {
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

            await _refusals.RefuseAsync(
                context, listener, null, SoapFaultCode.Receiver, "The router failed to handle the message.", null, FaultKind.BadRequest, 0)
                .ConfigureAwait(false);
        }
    }

    private async Task HandlePostAsync(HttpContext context, SoapListener listener)
    {
        var contentType = context.Request.ContentType;
        if (contentType is null || !listener.Binding.Accepts(contentType))
        {
            var reason = $"The content type must be {listener.Binding.MediaType} on this {listener.Binding.Name} listener.";
            await _refusals.RefuseAsync(
                context, listener, null, SoapFaultCode.Sender, reason, StatusCodes.Status415UnsupportedMediaType, FaultKind.BadRequest, 0)
                .ConfigureAwait(false);
            return;
        }

        if (!await _gate.TryEnterAsync(context.RequestAborted).ConfigureAwait(false))
        {
            await _refusals.RefuseAsync(
                context, listener, null, SoapFaultCode.Receiver, "The router is busy; try again later.", StatusCodes.Status503ServiceUnavailable, FaultKind.RouterBusy, 0)
                .ConfigureAwait(false);
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
        var dispatch = _dispatch.Get(_runtime.State);
        var maxSize = dispatch.MaxMessageSize;
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
            await _pipeline.ProcessAsync(context, listener, dispatch, body.Buffer, body.Length, contentType).ConfigureAwait(false);
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
        await _refusals.RefuseAsync(
            context,
            listener,
            null,
            SoapFaultCode.Sender,
            $"The message is larger than the router's limit of {maxSize} bytes.",
            StatusCodes.Status413PayloadTooLarge,
            FaultKind.BadRequest,
            0).ConfigureAwait(false);
    }

    private static bool IsClientGone(Exception exception, HttpContext context) => exception switch
    {
        OperationCanceledException => context.RequestAborted.IsCancellationRequested,

        // A body cut short (Content-Length not reached, bad chunk) or a reset connection.
        BadHttpRequestException => true,
        IOException => true,
        _ => false,
    };
}
