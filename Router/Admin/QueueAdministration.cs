using SoapRouter.Queues;

namespace SoapRouter.Admin;

/// <summary>
/// The durable queues on the admin address (guarded by admin.authToken like every admin path): <c>GET /queues</c> (every
/// queue's depth, bytes, oldest age, dead letters and counters), <c>GET /queues/NAME/dead-letters</c> (each with its
/// reason), <c>POST /queues/NAME/dead-letters/replay</c> (back in line, attempts reset) and
/// <c>DELETE /queues/NAME/dead-letters</c> (dropped).
/// </summary>
internal static class QueueAdministration
{
    /// <summary>The admin path.</summary>
    public const string Path = "/queues";

    private const string DeadLetters = "dead-letters";
    private const int MaxListed = 1000;

    /// <summary>Answers one request under <see cref="Path"/>.</summary>
    public static async Task HandleAsync(HttpContext context, DurableQueues? queues, QueuesSnapshot? snapshot)
    {
        var request = context.Request;
        var response = context.Response;
        var rest = request.Path.Value![Path.Length..].Trim('/');
        if (rest.Length == 0)
        {
            if (!Allow(context, HttpMethods.Get))
            {
                return;
            }

            var body = snapshot ?? new QueuesSnapshot("none", 0, 0, new Dictionary<string, QueueSnapshot>(), new Dictionary<string, CopySnapshot>());
            await response.WriteAsJsonAsync(body, QueueJsonContext.Default.QueuesSnapshot, contentType: null, context.RequestAborted).ConfigureAwait(false);
            return;
        }

        var parts = rest.Split('/');
        if (parts.Length < 2 || parts[1] != DeadLetters || parts.Length > 3 || (parts.Length == 3 && parts[2] != "replay"))
        {
            response.StatusCode = StatusCodes.Status404NotFound;
            return;
        }

        var queue = Uri.UnescapeDataString(parts[0]);
        if (queues is null || !queues.IsOpen)
        {
            await Problem(context, StatusCodes.Status404NotFound, "no queue store is open (no route is durable)").ConfigureAwait(false);
            return;
        }

        try
        {
            await DeadLettersAsync(context, queues.Store, queue, replay: parts.Length == 3).ConfigureAwait(false);
        }
        catch (StoreUnavailableException unavailable)
        {
            // The broker is down: nothing was listed or changed; the operator is told why.
            await Problem(context, StatusCodes.Status503ServiceUnavailable, unavailable.Message).ConfigureAwait(false);
        }
    }

    private static async Task DeadLettersAsync(HttpContext context, IMessageStore store, string queue, bool replay)
    {
        var request = context.Request;
        var response = context.Response;
        if (replay)
        {
            if (Allow(context, HttpMethods.Post))
            {
                var replayed = await store.ReplayAsync(queue, context.RequestAborted).ConfigureAwait(false);
                await response.WriteAsJsonAsync(new DeadLetterChange(queue, replayed), QueueJsonContext.Default.DeadLetterChange, contentType: null, context.RequestAborted)
                    .ConfigureAwait(false);
            }

            return;
        }

        if (HttpMethods.IsDelete(request.Method))
        {
            var purged = await store.PurgeAsync(queue, context.RequestAborted).ConfigureAwait(false);
            await response.WriteAsJsonAsync(new DeadLetterChange(queue, purged), QueueJsonContext.Default.DeadLetterChange, contentType: null, context.RequestAborted)
                .ConfigureAwait(false);
            return;
        }

        if (!Allow(context, HttpMethods.Get, HttpMethods.Delete))
        {
            return;
        }

        var letters = await store.DeadLettersAsync(queue, MaxListed, context.RequestAborted).ConfigureAwait(false);
        var listed = letters.Select(static letter => new DeadLetter(
            letter.Id, letter.Route, letter.Cluster, letter.Listener, DateTimeOffset.FromUnixTimeMilliseconds(letter.EnqueuedAt), letter.Attempts, letter.Body.Length, letter.Reason))
            .ToList();
        await response.WriteAsJsonAsync(new DeadLetterList(queue, listed), QueueJsonContext.Default.DeadLetterList, contentType: null, context.RequestAborted)
            .ConfigureAwait(false);
    }

    private static bool Allow(HttpContext context, params string[] methods)
    {
        if (methods.Any(method => HttpMethods.Equals(method, context.Request.Method)) || (methods.Contains(HttpMethods.Get) && HttpMethods.IsHead(context.Request.Method)))
        {
            return true;
        }

        context.Response.StatusCode = StatusCodes.Status405MethodNotAllowed;
        context.Response.Headers.Allow = string.Join(", ", methods);
        return false;
    }

    private static Task Problem(HttpContext context, int status, string problem)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "text/plain; charset=utf-8";
        return context.Response.WriteAsync(problem + "\n", context.RequestAborted);
    }
}
