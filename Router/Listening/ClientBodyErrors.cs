using SoapRouter.Telemetry;

namespace SoapRouter.Listening;

/// <summary>
/// What a client's request body stream threw, told apart once for buffered bodies (read before the pipeline) and streamed
/// ones (read while they are forwarded): too large (Kestrel's body size limit), too slow (its minimum data rate, or the
/// router's body deadline), or the client simply gone.
/// </summary>
internal static class ClientBodyErrors
{
    /// <summary>Kestrel's minimum body rate (408) or the router's body deadline, and not the client simply leaving.</summary>
    public static bool IsTooSlow(Exception exception, HttpContext context, CancellationToken deadline) => exception switch
    {
        BadHttpRequestException bad => bad.StatusCode == StatusCodes.Status408RequestTimeout,
        OperationCanceledException => deadline.IsCancellationRequested && !context.RequestAborted.IsCancellationRequested,
        _ => false,
    };

    /// <summary>Kestrel's request body size limit (413).</summary>
    public static bool IsTooLarge(Exception exception) => exception is BadHttpRequestException { StatusCode: StatusCodes.Status413PayloadTooLarge };

    /// <summary>The client went away: its connection reset, or its body cut short.</summary>
    public static bool IsClientGone(Exception exception, HttpContext context) => exception switch
    {
        OperationCanceledException => context.RequestAborted.IsCancellationRequested,

        // A body cut short (Content-Length not reached, bad chunk) or a reset connection.
        BadHttpRequestException => true,
        IOException => true,
        _ => false,
    };

    /// <summary>How a streamed body that stopped coming is counted: BadRequest (too large, answered 413), SlowClient, or ClientAborted.</summary>
    public static FaultKind Classify(Exception exception, HttpContext context) =>
        IsTooLarge(exception) ? FaultKind.BadRequest
        : IsTooSlow(exception, context, CancellationToken.None) ? FaultKind.SlowClient
        : FaultKind.ClientAborted;
}
