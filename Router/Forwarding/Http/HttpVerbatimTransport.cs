using System.Buffers;
using System.Net;
using SoapRouter.LoadBalancing;

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

    /// <summary>
    /// Creates a transport that refuses replies over <paramref name="maxReplySize"/> bytes and rents reply buffers
    /// from <paramref name="pool"/> (default <see cref="ArrayPool{T}.Shared"/>).
    /// </summary>
    public HttpVerbatimTransport(HttpDestinationClients clients, long maxReplySize, ILogger<HttpVerbatimTransport> logger, ArrayPool<byte>? pool = null)
    {
        ArgumentNullException.ThrowIfNull(clients);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxReplySize, 1);
        _clients = clients;

        // One byte of headroom below the largest array lets the reader see that a body passed the limit.
        _maxReplySize = (int)Math.Min(maxReplySize, Array.MaxLength - 1);
        _pool = pool ?? ArrayPool<byte>.Shared;
        _logger = logger;
    }

    /// <summary>
    /// Sends <paramref name="request"/> to <paramref name="destination"/> once. Returns the reply (normal or fault)
    /// or the error as a value; only a failure nobody expected (a bug) is thrown. A returned reply must be disposed.
    /// </summary>
    public async ValueTask<AttemptResult<RawSoapReply>> SendAsync(
        DestinationState destination,
        TimeSpan connectTimeout,
        RawSoapRequest request,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        var client = _clients.Get(destination, connectTimeout);
        using var content = new RawSoapContent(request.Body, request.ContentType);
        using var message = CreateMessage(client.Address, content, request);

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

        using (response)
        {
            try
            {
                return await ReadReplyAsync(destination, response, request.IsOneWay, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception exception) when (TryClassify(exception, requestSent: true, cancellationToken, out error))
            {
                return AttemptResult<RawSoapReply>.Failed(error);
            }
        }
    }

    private static HttpRequestMessage CreateMessage(Uri address, RawSoapContent content, RawSoapRequest request)
    {
        var message = new HttpRequestMessage(HttpMethod.Post, address)
        {
            Content = content,
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

        // Unvalidated: the values go out as the client sent them (SOAPAction keeps its quotes).
        var headers = message.Headers;
        if (request.SoapAction is { } soapAction)
        {
            headers.TryAddWithoutValidation("SOAPAction", soapAction);
        }

        if (request.TraceParent is { } traceParent)
        {
            headers.TryAddWithoutValidation("traceparent", traceParent);
            if (request.TraceState is { } traceState)
            {
                headers.TryAddWithoutValidation("tracestate", traceState);
            }
        }

        return message;
    }

    private async ValueTask<AttemptResult<RawSoapReply>> ReadReplyAsync(
        DestinationState destination,
        HttpResponseMessage response,
        bool oneWay,
        CancellationToken cancellationToken)
    {
        var statusCode = (int)response.StatusCode;
        var contentType = response.Content.Headers.NonValidated.TryGetValues("Content-Type", out var values) ? values.ToString() : null;
        var kind = HttpReplyClassifier.Classify(statusCode, contentType);
        if (kind == HttpReplyKind.Unusable)
        {
            HttpVerbatimLog.UnusableStatus(_logger, destination.Name, statusCode, contentType);
            return AttemptResult<RawSoapReply>.Failed(UnusableError(statusCode));
        }

        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var body = await PooledBodyReader.ReadAsync(stream, response.Content.Headers.ContentLength, _maxReplySize, _pool, cancellationToken)
            .ConfigureAwait(false);
        if (body.TooLarge)
        {
            HttpVerbatimLog.ReplyTooLarge(_logger, destination.Name, _maxReplySize);
            return AttemptResult<RawSoapReply>.Failed(ForwardError.ResponseInvalid);
        }

        if (body.Length == 0)
        {
            // An empty 2xx is how WCF acknowledges a one-way message; a request-reply caller or a fault needs an envelope.
            if (kind == HttpReplyKind.Reply && oneWay)
            {
                return AttemptResult<RawSoapReply>.Success(RawSoapReply.Empty(statusCode, contentType));
            }

            HttpVerbatimLog.EmptyReply(_logger, destination.Name, statusCode);
            return AttemptResult<RawSoapReply>.Failed(UnusableError(statusCode));
        }

        var reply = new RawSoapReply(statusCode, contentType, body.Buffer, body.Length, _pool);
        return kind == HttpReplyKind.Fault ? AttemptResult<RawSoapReply>.Fault(reply) : AttemptResult<RawSoapReply>.Success(reply);
    }

    /// <summary>
    /// A status that carries no usable answer: a 5xx means the backend was reached and failed (its own outcome, so an
    /// empty 500 is not counted as an unreachable backend); anything else is a reply the router cannot use.
    /// </summary>
    private static ForwardError UnusableError(int statusCode) =>
        statusCode is >= 500 and <= 599 ? ForwardError.BackendError : ForwardError.ResponseInvalid;

    /// <summary>
    /// Classifies an expected transport failure; false for anything else, which then reaches the forwarder as the
    /// bug it is. A cancellation of our own token is reported as such; the forwarder knows whether it was the
    /// attempt's timeout or the client leaving.
    /// </summary>
    private static bool TryClassify(Exception exception, bool requestSent, CancellationToken cancellationToken, out ForwardError error)
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
