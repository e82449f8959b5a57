using System.Buffers;
using System.Globalization;
using System.Net;
using System.Runtime.CompilerServices;
using SoapRouter.Compression;
using SoapRouter.Forwarding.Http1;
using SoapRouter.Hosting;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// Posts encoded messages to destinations exactly as they were received and reads the replies into pooled
/// buffers. Built per config snapshot (it holds the size limit) over the long-lived
/// <see cref="HttpDestinationClients"/>; shared by every message, and it holds no per-message state.
/// </summary>
internal sealed class HttpVerbatimTransport
{
    private readonly HttpDestinationClients _clients;
    private readonly int _maxReplySize;
    private readonly ArrayPool<byte> _pool;
    private readonly ILogger _logger;
    private readonly CompressionLinks? _compression;
    private readonly int _maxDecompressedSize;

    /// <summary>
    /// Creates a transport that refuses replies over <paramref name="maxReplySize"/> bytes and rents reply buffers
    /// from <paramref name="pool"/> (default <see cref="ArrayPool{T}.Shared"/>).
    /// </summary>
    public HttpVerbatimTransport(
        HttpDestinationClients clients,
        long maxReplySize,
        ILogger<HttpVerbatimTransport> logger,
        ArrayPool<byte>? pool = null,
        CompressionLinks? compression = null,
        long maxDecompressedSize = 16 * 1024 * 1024)
    {
        ArgumentNullException.ThrowIfNull(clients);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxReplySize, 1);
        _clients = clients;

        // One byte of headroom below the largest array lets the reader see that a body passed the limit.
        _maxReplySize = (int)Math.Min(maxReplySize, Array.MaxLength - 1);
        _pool = pool ?? SoapRouter.Wire.Encoding.MessageBufferPool.Instance;
        _logger = logger;
        _compression = compression;
        _maxDecompressedSize = (int)Math.Min(Math.Min(maxDecompressedSize, _maxReplySize), Array.MaxLength - 1);
    }

    /// <summary>
    /// Sends <paramref name="request"/> to <paramref name="destination"/> once. Returns the reply (normal or fault)
    /// or the error as a value; only a failure nobody expected (a bug) is thrown. A returned reply must be disposed.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<AttemptResult<RawSoapReply>> SendAsync(
        DestinationState destination,
        TimeSpan connectTimeout,
        RawSoapRequest request,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var client = _clients.Get(destination, connectTimeout);
        var link = _compression?.Destination(destination.Name);
        if (client.Http1 is { } http1 && link is not { Options.Enabled: true })
        {
            // Plain http with nothing to compress: the router's own HTTP/1.1 client. Null: a head it cannot write.
            Http1Response? own;
            try
            {
                own = await http1.SendAsync(request, _maxReplySize, _pool, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception exception) when (TryClassify(
                exception is Http1SendException failed ? failed.InnerException! : exception,
                exception is Http1SendException { RequestSent: true },
                cancellationToken,
                out var ownError))
            {
                return AttemptResult<RawSoapReply>.Failed(ownError);
            }

            if (own is { } read)
            {
                return await ReadReplyAsync(destination, read, request.AcceptsEmptyReply, link).ConfigureAwait(false);
            }
        }

        using var compressed = Compress(link, request, out var body, out var contentType, out var outcome);
        using var content = new RawSoapContent(body, contentType, timed: link is { Options.Enabled: true });
        using var message = CreateMessage(client, content, request);
        if (link is { Options.Enabled: true })
        {
            MarkCompression(message, link, outcome);
        }

        var error = ForwardError.Unexpected;
        HttpResponseMessage response;
        try
        {
            response = await client.Invoker.SendAsync(message, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (TryClassify(exception, content.SerializationStarted, cancellationToken, out error))
        {
            return AttemptResult<RawSoapReply>.Failed(error);
        }

        if (link is not null && content.WriteTime is { } writeTime)
        {
            link.RecordSend(body.Length, writeTime);
        }

        using (response)
        {
            try
            {
                return await ReadReplyAsync(destination, response, request.AcceptsEmptyReply, link, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception exception) when (TryClassify(exception, requestSent: true, cancellationToken, out error))
            {
                return AttemptResult<RawSoapReply>.Failed(error);
            }
        }
    }

    /// <summary>
    /// The body to send: compressed by the destination's link when its policy says so (then the writer holds it;
    /// dispose it after the send), else the request's own bytes.
    /// </summary>
    private static PooledBufferWriter? Compress(
        CompressionLink? link, RawSoapRequest request, out ReadOnlyMemory<byte> body, out string contentType, out CompressionOutcome outcome)
    {
        body = request.Body;
        contentType = request.ContentType;
        outcome = default;
        if (link is not { Options.Enabled: true } || link.Options.Mode == LinkCompressionMode.None)
        {
            return null;
        }

        if (link.TryCompressToNew(request.Body.Span, request.Action, link.Accepts, out outcome) is not { } output)
        {
            return null;
        }

        body = output.WrittenMemory;
        if (Telemetry.RouterTracing.CurrentAttempt is { } activity && outcome.OriginalLength > 0)
        {
            activity.SetTag(Telemetry.SpanTags.CompressionCodec, outcome.Codec!.HttpToken);
            activity.SetTag(Telemetry.SpanTags.CompressionRatio, Math.Round((double)body.Length / outcome.OriginalLength, 4));
        }

        if (link.Options.Form == CompressionWireForm.Wcf)
        {
            // WCF's form: the codec is part of the media type (application/soap+msbin1+gzip).
            contentType = HttpBodyEncoding.WcfContentType(contentType, outcome.Codec!);
        }

        return output;
    }

    /// <summary>The adaptive form's Content-Encoding and original length, and what replies may use (Accept-Encoding).</summary>
    private static void MarkCompression(HttpRequestMessage message, CompressionLink link, CompressionOutcome outcome)
    {
        message.Headers.TryAddWithoutValidation(CompressionHeaders.AcceptEncoding, link.AcceptEncodingHeader);
        if (outcome.IsCompressed && link.Options.Form == CompressionWireForm.Adaptive)
        {
            message.Content!.Headers.TryAddWithoutValidation(CompressionHeaders.ContentEncoding, outcome.Codec!.HttpToken);
            message.Headers.TryAddWithoutValidation(CompressionHeaders.OriginalLength, outcome.OriginalLength.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>
    /// The POST of <paramref name="content"/> to <paramref name="client"/>'s address with its Host and <paramref name="request"/>'s
    /// headers (<see cref="RawSoapRequest.WriteHeaders"/>); the streamed transport sends its own content with it.
    /// </summary>
    internal static HttpRequestMessage CreateMessage(HttpDestinationClient client, HttpContent content, RawSoapRequest request)
    {
        var message = new HttpRequestMessage(HttpMethod.Post, client.Address)
        {
            Content = content,
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

        if (client.HostHeader is { } host)
        {
            message.Headers.Host = host;
        }

        var headers = new HttpClientHeaders(message.Headers);
        request.WriteHeaders(ref headers);
        return message;
    }

    /// <summary>A request's headers added to HttpClient's, unvalidated: the values go out as the client sent them.</summary>
    private readonly struct HttpClientHeaders(System.Net.Http.Headers.HttpRequestHeaders headers) : IRequestHeaderSink
    {
        public bool Add(string name, string value)
        {
            headers.TryAddWithoutValidation(name, value);
            return true;
        }
    }

    private async ValueTask<AttemptResult<RawSoapReply>> ReadReplyAsync(
        DestinationState destination,
        HttpResponseMessage response,
        bool acceptsEmptyReply,
        CompressionLink? link,
        CancellationToken cancellationToken)
    {
        var statusCode = (int)response.StatusCode;
        var contentType = response.Content.Headers.NonValidated.TryGetValues("Content-Type", out var values) ? values.ToString() : null;
        var judged = Judge(
            destination,
            statusCode,
            ref contentType,
            link is not null && response.Content.Headers.NonValidated.TryGetValues(CompressionHeaders.ContentEncoding, out var encoding) ? encoding.ToString() : null,
            link is not null && response.Headers.NonValidated.TryGetValues(CompressionHeaders.OriginalLength, out var length) ? length.ToString() : null,
            link,
            out var kind,
            out var compression);
        if (judged is { } refused)
        {
            return refused;
        }

        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var body = await PooledBodyReader.ReadAsync(stream, response.Content.Headers.ContentLength, _maxReplySize, _pool, cancellationToken)
            .ConfigureAwait(false);
        return await FinishReplyAsync(destination, statusCode, contentType, kind, compression, body, acceptsEmptyReply, link, CacheDirectives.ForbidStoring(response))
            .ConfigureAwait(false);
    }

    /// <summary>The reply the router's own HTTP/1.1 client read whole: judged and finished exactly as HttpClient's.</summary>
    private async ValueTask<AttemptResult<RawSoapReply>> ReadReplyAsync(
        DestinationState destination, Http1Response response, bool acceptsEmptyReply, CompressionLink? link)
    {
        var contentType = response.ContentType;
        var judged = Judge(
            destination, response.StatusCode, ref contentType, response.ContentEncoding, response.OriginalLength, link, out var kind, out var compression);
        if (judged is { } refused)
        {
            if (response.Body.Length > 0)
            {
                _pool.Return(response.Body.Buffer);
            }

            return refused;
        }

        return await FinishReplyAsync(destination, response.StatusCode, contentType, kind, compression, response.Body, acceptsEmptyReply, link, response.ForbidsStoring)
            .ConfigureAwait(false);
    }

    /// <summary>
    /// Judges a reply by its head: its compression (the media type becomes the decoded one) and its kind. A refusal is
    /// returned (logged); null: read the body and finish it.
    /// </summary>
    private AttemptResult<RawSoapReply>? Judge(
        DestinationState destination,
        int statusCode,
        ref string? contentType,
        string? contentEncoding,
        string? originalLength,
        CompressionLink? link,
        out HttpReplyKind kind,
        out InboundCompression compression)
    {
        Telemetry.RouterTracing.CurrentAttempt?.SetTag(Telemetry.SpanTags.HttpStatus, statusCode);
        kind = HttpReplyKind.Unusable;
        compression = link is null ? default : InboundCompression.From(contentType, contentEncoding, originalLength, link.Registry);
        if (compression.Problem is { } problem)
        {
            HttpVerbatimLog.UndecodableReply(_logger, destination.Name, problem);
            return AttemptResult<RawSoapReply>.Failed(ForwardError.ResponseInvalid);
        }

        if (compression.Codec is not null)
        {
            contentType = compression.ContentType;
        }

        kind = HttpReplyClassifier.Classify(statusCode, contentType);
        if (kind == HttpReplyKind.Unusable)
        {
            HttpVerbatimLog.UnusableStatus(_logger, destination.Name, statusCode, contentType);
            return AttemptResult<RawSoapReply>.Failed(UnusableError(statusCode));
        }

        return null;
    }

    /// <summary>Turns a read body into the reply: size limit, empty replies, decompression. Owns <paramref name="body"/>'s buffer.</summary>
    private async ValueTask<AttemptResult<RawSoapReply>> FinishReplyAsync(
        DestinationState destination,
        int statusCode,
        string? contentType,
        HttpReplyKind kind,
        InboundCompression compression,
        PooledBody body,
        bool acceptsEmptyReply,
        CompressionLink? link,
        bool forbidsStoring)
    {
        if (body.TooLarge)
        {
            HttpVerbatimLog.ReplyTooLarge(_logger, destination.Name, _maxReplySize);
            return AttemptResult<RawSoapReply>.Failed(ForwardError.ResponseInvalid);
        }

        if (body.Length == 0)
        {
            // An empty 2xx is how WCF acknowledges a one-way message; a request-reply caller or a fault needs an envelope.
            if (kind == HttpReplyKind.Reply && acceptsEmptyReply)
            {
                return AttemptResult<RawSoapReply>.Success(RawSoapReply.Empty(statusCode, contentType));
            }

            HttpVerbatimLog.EmptyReply(_logger, destination.Name, statusCode);
            return AttemptResult<RawSoapReply>.Failed(UnusableError(statusCode));
        }

        if (compression.Codec is not null || IoScheduling.IsLarge(body.Length))
        {
            // What follows (decoding, re-encoding, compressing for the client) grows with the reply.
            await IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
        }

        if (compression.Codec is { } codec)
        {
            DecodedBody decoded;
            try
            {
                decoded = CompressedBody.Decode(link!, codec, body.Buffer.AsMemory(0, body.Length), compression.OriginalLengthHeader, _maxDecompressedSize, _pool);
            }
            finally
            {
                _pool.Return(body.Buffer);
            }

            if (decoded.Problem is { } decodeProblem)
            {
                HttpVerbatimLog.UndecodableReply(_logger, destination.Name, decodeProblem);
                return AttemptResult<RawSoapReply>.Failed(ForwardError.ResponseInvalid);
            }

            body = new PooledBody(decoded.Buffer, decoded.Length, TooLarge: false);
        }

        var reply = new RawSoapReply(statusCode, contentType, body.Buffer, body.Length, _pool)
        {
            ForbidsStoring = forbidsStoring,
        };
        return kind == HttpReplyKind.Fault ? AttemptResult<RawSoapReply>.Fault(reply) : AttemptResult<RawSoapReply>.Success(reply);
    }

    /// <summary>
    /// A status that carries no usable answer: a 5xx means the backend was reached and failed (its own outcome, so an
    /// empty 500 is not counted as an unreachable backend); anything else is a reply the router cannot use.
    /// </summary>
    internal static ForwardError UnusableError(int statusCode) =>
        statusCode is >= 500 and <= 599 ? ForwardError.BackendError : ForwardError.ResponseInvalid;

    /// <summary>
    /// Classifies an expected transport failure; false for anything else, which then reaches the forwarder as the
    /// bug it is. A cancellation of our own token is reported as such; the forwarder knows whether it was the
    /// attempt's timeout or the client leaving.
    /// </summary>
    internal static bool TryClassify(Exception exception, bool requestSent, CancellationToken cancellationToken, out ForwardError error)
    {
        if (exception is OperationCanceledException && cancellationToken.IsCancellationRequested)
        {
            error = ForwardError.Cancelled;
            return true;
        }

        error = ForwardErrorClassifier.Classify(exception, requestSent);
        return error != ForwardError.Unexpected;
    }
}
