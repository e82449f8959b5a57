using SoapRouter.LoadBalancing;
using SoapRouter.Streaming;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// Posts streamed messages to HTTP destinations: the content writes the message as it arrives, and the reply is handed back
/// as soon as its headers are read, its body still on the wire (<see cref="StreamedReply"/>). The headers, errors and status
/// classification are the verbatim transport's (and so is its log); no compression either way (no Accept-Encoding is sent, and a reply that
/// comes compressed anyway is refused as unusable).
/// </summary>
internal sealed class HttpStreamedTransport(HttpDestinationClients clients, ILogger logger)
{
    /// <summary>
    /// Sends <paramref name="content"/> with <paramref name="request"/>'s transport headers (its body is not used) to
    /// <paramref name="destination"/> once. Returns the open reply (normal or fault; dispose it) or the error as a value.
    /// </summary>
    public async ValueTask<AttemptResult<StreamedReply>> SendAsync(
        DestinationState destination, TimeSpan connectTimeout, RawSoapRequest request, StreamedContent content, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(content);
        var client = clients.Get(destination, connectTimeout);
        using var message = HttpVerbatimTransport.CreateMessage(client, content, request);
        HttpResponseMessage response;
        try
        {
            response = await client.Invoker.SendAsync(message, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception) when (HttpVerbatimTransport.TryClassify(exception, content.SerializationStarted, cancellationToken, out var error))
        {
            return AttemptResult<StreamedReply>.Failed(error);
        }

        var statusCode = (int)response.StatusCode;
        Telemetry.RouterTracing.CurrentAttempt?.SetTag(Telemetry.SpanTags.HttpStatus, statusCode);
        var headers = response.Content.Headers.NonValidated;
        var contentType = headers.TryGetValues("Content-Type", out var values) ? values.ToString() : null;
        if (headers.TryGetValues("Content-Encoding", out var encoding) && !string.Equals(encoding.ToString(), "identity", StringComparison.OrdinalIgnoreCase))
        {
            response.Dispose();
            HttpVerbatimLog.UndecodableReply(logger, destination.Name, "a streamed reply may not be compressed");
            return AttemptResult<StreamedReply>.Failed(ForwardError.ResponseInvalid);
        }

        var kind = HttpReplyClassifier.Classify(statusCode, contentType);
        if (kind == HttpReplyKind.Unusable)
        {
            response.Dispose();
            HttpVerbatimLog.UnusableStatus(logger, destination.Name, statusCode, contentType);
            return AttemptResult<StreamedReply>.Failed(HttpVerbatimTransport.UnusableError(statusCode));
        }

        var reply = new StreamedReply(response, statusCode, contentType);
        return kind == HttpReplyKind.Fault ? AttemptResult<StreamedReply>.Fault(reply) : AttemptResult<StreamedReply>.Success(reply);
    }
}
