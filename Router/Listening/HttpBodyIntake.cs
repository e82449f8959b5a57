using System.Buffers;
using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Compression;
using SoapRouter.Configuration;
using SoapRouter.Forwarding.Http;
using SoapRouter.Pipeline;
using SoapRouter.Streaming;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Listening;

/// <summary>
/// The body intake of a request to a SOAP listener, once it was admitted: the body read into a pooled buffer under the
/// size limit and the body deadline (the client link's bandwidth sampled as it comes), decompressed within the decoding
/// cap, or a streamed request's header section; a body too large is answered 413, a client too slow is dropped.
/// </summary>
internal sealed class HttpBodyIntake(PipelineFaults faults, OutcomeRecorder outcomes, TimeProvider time, ILogger logger) : IDisposable
{
    private readonly PipelineFaults _faults = faults;
    private readonly OutcomeRecorder _outcomes = outcomes;
    private readonly TimeProvider _time = time;
    private readonly ILogger _logger = logger;
    private readonly BodyReadDeadlines _deadlines = new(time);
    private readonly IntervalCount _slowClients = new(time, IntervalCount.DefaultInterval, (count, interval) => ListenerLog.SlowClientsDropped(logger, count, interval));

    /// <summary>The pool request bodies are rented from; whoever holds a body returns it here.</summary>
    public ArrayPool<byte> Pool { get; } = SoapRouter.Wire.Encoding.MessageBufferPool.Instance;

    /// <summary>
    /// The most a compressed message may decode to: limits.maxDecompressedSize and maxMessageSize, or less when the
    /// sender announced its decoded length (<paramref name="originalLength"/>; <paramref name="announced"/>), which the
    /// decoder then holds it to.
    /// </summary>
    public static int DecodedCap(PipelineState state, string? originalLength, out bool announced)
    {
        ArgumentNullException.ThrowIfNull(state);
        var cap = (int)Math.Min(state.State.Config.Limits.MaxDecompressedSize, state.MaxMessageSize);
        announced = CompressionHeaders.TryParseOriginalLength(originalLength, out var length);
        return announced && length < cap ? length : cap;
    }

    /// <summary>
    /// Replaces a compressed body with its decoded form (at most <paramref name="cap"/> bytes, see
    /// <see cref="DecodedCap"/>), or answers the fault and returns null: 413 for a bomb, 400 for corrupt data. The
    /// compressed buffer goes back to the pool either way.
    /// </summary>
    public async Task<PooledBody?> DecompressAsync(
        HttpContext context, MessageContext message, CompressionLink link, ICompressionCodec codec, string? originalLength, int cap, PooledBody body)
    {
        DecodedBody decoded;
        try
        {
            decoded = CompressedBody.Decode(link, codec, body.Buffer.AsMemory(0, body.Length), originalLength, cap, Pool);
        }
        finally
        {
            if (body.Length > 0)
            {
                Pool.Return(body.Buffer);
            }
        }

        if (decoded.Problem is { } problem)
        {
            using var refused = _faults.Refuse(
                message,
                SoapFaultSpec.Sender(problem),
                FaultKind.BadRequest,
                body.Length,
                statusCode: decoded.Bomb ? StatusCodes.Status413PayloadTooLarge : StatusCodes.Status400BadRequest);
            await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
            return null;
        }

        return new PooledBody(decoded.Buffer, decoded.Length, TooLarge: false);
    }

    /// <summary>The body in a rented buffer, or null when it was refused (too large) or its client dropped (too slow).</summary>
    public async Task<PooledBody?> ReadAsync(HttpContext context, MessageContext message, ClientLink client)
    {
        var state = message.State;
        var maxSize = state.MaxMessageSize;
        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } sizeLimit)
        {
            // Kestrel's limit was set from the config at start; this follows reloads.
            sizeLimit.MaxRequestBodySize = maxSize;
        }

        var declared = context.Request.ContentLength;
        if (declared > maxSize)
        {
            await RefuseTooLargeAsync(context, message, maxSize).ConfigureAwait(false);
            return null;
        }

        PooledBody body;
        var deadline = _deadlines.Rent(state.State.Config.Limits.RequestBodyTimeout);
        var started = _time.GetTimestamp();
        try
        {
            body = await PooledBodyReader.ReadAsync(context.Request.Body, declared, maxSize, Pool, deadline.Token).ConfigureAwait(false);

            ClientLinkSampling.AfterBody(context, client, body.Length, started, _time);
        }
        catch (BadHttpRequestException exception) when (exception.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            await RefuseTooLargeAsync(context, message, maxSize).ConfigureAwait(false);
            return null;
        }
        catch (Exception exception) when (ClientBodyErrors.IsTooSlow(exception, context, deadline.Token))
        {
            DropSlowClient(context, message, exception is OperationCanceledException ? "requestBodyTimeout" : "minRequestBodyDataRate");
            return null;
        }
        finally
        {
            _deadlines.Return(deadline);
        }

        if (body.TooLarge)
        {
            await RefuseTooLargeAsync(context, message, maxSize).ConfigureAwait(false);
            return null;
        }

        return body;
    }

    /// <summary>
    /// A streamed listener's request: its header section read under the body deadline (the rest of the body stays with the
    /// client), or null when it was refused (too large, no readable header section) or its client dropped (too slow). The
    /// body's size is bounded by limits.streamed.maxMessageSize (Kestrel's own count).
    /// </summary>
    public async Task<StreamedRequest?> ReadStreamedAsync(HttpContext context, MessageContext message)
    {
        var listener = message.Listener;
        var limits = message.State.State.Config.Limits;
        if (context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } sizeLimit)
        {
            sizeLimit.MaxRequestBodySize = limits.Streamed.MaxMessageSize;
        }

        if (context.Request.ContentLength > limits.Streamed.MaxMessageSize)
        {
            await RefuseTooLargeAsync(context, message, limits.Streamed.MaxMessageSize).ConfigureAwait(false);
            return null;
        }

        // WCF's encoders read and write streams synchronously (on threads of their own) on the re-encode path.
        context.Features.Get<IHttpBodyControlFeature>()!.AllowSynchronousIO = true;
        var deadline = _deadlines.Rent(limits.RequestBodyTimeout);
        (StreamedRequest? Request, HeaderSectionError Error) read;
        try
        {
            read = await StreamedRequest.ReadAsync(
                context.Request.Body,
                context.Request.ContentLength,
                listener.Binding.IsBinary,
                limits.Streamed.MaxHeadersSize,
                Pool,
                exception => ClientBodyErrors.Classify(exception, context),
                deadline.Token).ConfigureAwait(false);
        }
        catch (Exception exception) when (ClientBodyErrors.IsTooSlow(exception, context, deadline.Token))
        {
            DropSlowClient(context, message, exception is OperationCanceledException ? "requestBodyTimeout" : "minRequestBodyDataRate");
            return null;
        }
        catch (Exception exception) when (ClientBodyErrors.IsTooLarge(exception))
        {
            await RefuseTooLargeAsync(context, message, limits.Streamed.MaxMessageSize).ConfigureAwait(false);
            return null;
        }
        finally
        {
            _deadlines.Return(deadline);
        }

        if (read.Request is null)
        {
            await StreamedExchange.RefuseHeaderSectionAsync(context, message, read.Error, limits.Streamed.MaxHeadersSize, _faults).ConfigureAwait(false);
        }

        return read.Request;
    }

    private void DropSlowClient(HttpContext context, MessageContext message, string limit)
    {
        // Nothing is answered: a client that cannot send in time is not waited on to read an answer either.
        _outcomes.RecordDropped(message, FaultKind.SlowClient);
        NoteSlowClient(context, message.Listener, limit);
        context.Abort();
    }

    /// <summary>Logs a slow client dropped (counted already): each at Debug, and their number once per interval.</summary>
    public void NoteSlowClient(HttpContext context, SoapListener listener, string limit)
    {
        ListenerLog.SlowClientDropped(_logger, listener.Name, context.Connection.RemoteIpAddress, limit);
        _slowClients.Add();
    }

    /// <summary>A Sender fault as HTTP 413, and the connection closed: the rest of the body is not read.</summary>
    private async Task RefuseTooLargeAsync(HttpContext context, MessageContext message, long maxSize)
    {
        // The rest of the body is not read: close the connection after answering rather than drain it.
        context.Response.Headers.Connection = "close";
        using var refused = _faults.Refuse(
            message,
            SoapFaultSpec.Sender($"The message is larger than the router's limit of {maxSize} bytes."),
            FaultKind.BadRequest,
            0,
            statusCode: StatusCodes.Status413PayloadTooLarge);
        await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public void Dispose() => _slowClients.Dispose();
}
