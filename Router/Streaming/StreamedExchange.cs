using SoapRouter.Forwarding;
using SoapRouter.Listening;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Streaming;

/// <summary>
/// The HTTP side of a streamed listener's answer. A destination's reply is passed on as it arrives; if it breaks part way
/// (the destination's stream, a stall past the idle timeout, the size limit), the client's connection is cut, as nothing
/// else can tell a client that half a reply was wrong. An answer the router gives itself (a fault, after the message could
/// not be sent or was cut on its way) goes out once the rest of the request has been read and dropped, so a client still
/// sending its body reads it; a refusal for size goes out at once, with the connection closed.
/// </summary>
internal static class StreamedExchange
{
    /// <summary>The copy buffer of each direction, and the unit of progress.</summary>
    public const int ChunkSize = 64 * 1024;

    /// <summary>Answers a request whose header section could not be read; the rest of it is not read (the connection closes).</summary>
    public static async Task RefuseHeaderSectionAsync(HttpContext context, MessageContext message, HeaderSectionError error, int maxHeadersSize, PipelineFaults faults)
    {
        var (reason, status) = error switch
        {
            HeaderSectionError.Empty => ("The message is empty.", SoapFaultMessages.HttpStatusCode),
            HeaderSectionError.TooLarge => (
                $"The message's header section (everything before the Body's content) is larger than the router's limit of {maxHeadersSize} bytes.",
                StatusCodes.Status413PayloadTooLarge),
            _ => ("The message is not a SOAP envelope whose header section the router can read.", SoapFaultMessages.HttpStatusCode),
        };
        context.Response.Headers.Connection = "close";
        using var refused = faults.Refuse(message, SoapFaultSpec.Sender(reason), FaultKind.BadRequest, 0, statusCode: status);
        await ListenerResponses.WriteAsync(context, refused.Encoded!).ConfigureAwait(false);
    }

    /// <summary>Passes <paramref name="answer"/> (the pipeline's; null: nobody to answer) to the client of <paramref name="request"/>.</summary>
    public static async Task AnswerAsync(HttpContext context, SoapListener listener, ClientAnswer? answer, StreamedRequest request, TimeProvider time, ILogger logger)
    {
        if (answer is null)
        {
            // The client left, or its body stopped coming: there is nobody to answer.
            context.Abort();
            return;
        }

        if (answer.Streamed is { } streamed)
        {
            await PassReplyAsync(context, listener, streamed, time, logger).ConfigureAwait(false);
            return;
        }

        var reply = answer.Encoded!;
        if (reply.StatusCode == StatusCodes.Status413PayloadTooLarge || request.ClientFailure is not null)
        {
            context.Response.Headers.Connection = "close";
        }
        else
        {
            try
            {
                await request.DrainAsync(context.RequestAborted).ConfigureAwait(false);
            }
            catch (Exception ex) when (ClientBodyErrors.IsClientGone(ex, context) || ClientBodyErrors.IsTooSlow(ex, context, CancellationToken.None) || ClientBodyErrors.IsTooLarge(ex))
            {
                var reason = ex.GetType().Name;
                StreamingLog.DrainFailed(logger, listener.Name, reason);
                context.Abort();
                return;
            }
        }

        await ListenerResponses.WriteAsync(context, reply).ConfigureAwait(false);
    }

    /// <summary>
    /// Passes a destination's reply on; when it breaks (its stream, a stall, the size limit, a reply shorter than its
    /// Content-Length, the client) the client's connection is cut. Its bytes are added to the counters either way.
    /// </summary>
    private static async Task PassReplyAsync(HttpContext context, SoapListener listener, StreamedAnswer streamed, TimeProvider time, ILogger logger)
    {
        var passed = await PassReplyAsync(
            listener,
            streamed,
            async (written, cancellationToken) =>
            {
                await streamed.WriteAsync(context, written, cancellationToken).ConfigureAwait(false);
                await context.Response.CompleteAsync().ConfigureAwait(false);
            },
            time,
            logger,
            context.RequestAborted).ConfigureAwait(false);
        if (!passed)
        {
            context.Abort();
        }
    }

    /// <summary>
    /// Runs <paramref name="write"/> (the reply to the client, by any transport) under the reply's idle deadline, counting
    /// what went out; false (logged) when it broke, and the caller cuts the client's connection. Its bytes are added to the
    /// counters either way.
    /// </summary>
    public static async Task<bool> PassReplyAsync(
        SoapListener listener,
        StreamedAnswer streamed,
        Func<Action<int>, CancellationToken, Task> write,
        TimeProvider time,
        ILogger logger,
        CancellationToken aborted)
    {
        using var deadline = new AttemptDeadline(streamed.IdleTimeout, time, aborted);
        long written = 0;
        var failed = false;
        try
        {
            await write(
                bytes =>
                {
                    written += bytes;
                    deadline.Progress();
                },
                deadline.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex) || ErrorClassifier.IsBadInput(ex))
        {
            failed = true;
            var reason = ex.GetType().Name;
            StreamingLog.ReplyCut(logger, listener.Name, written, reason);
        }
        finally
        {
            streamed.Traffic?.Complete(written, failed);
        }

        return !failed;
    }
}
