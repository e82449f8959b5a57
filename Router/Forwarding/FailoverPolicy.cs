namespace SoapRouter.Forwarding;

/// <summary>Decides whether a failed attempt may be repeated on the next destination.</summary>
internal static class FailoverPolicy
{
    /// <summary>True when the failed request cannot have reached the backend, so sending it elsewhere is always safe.</summary>
    public static bool CannotHaveReachedBackend(ForwardError error) =>
        error is ForwardError.ConnectionRefused or ForwardError.ConnectTimeout or ForwardError.ResetBeforeSend or ForwardError.TlsFailed;

    /// <summary>True when the request may have been processed by the backend although no good reply came back.</summary>
    public static bool MayHaveReachedBackend(ForwardError error) =>
        error is ForwardError.RequestTimeout or ForwardError.ResetAfterSend or ForwardError.ResponseInvalid or ForwardError.BackendError;

    /// <summary>
    /// True when, after <paramref name="error"/>, the next destination may be tried: always when the request
    /// cannot have reached the backend, and for may-have-reached errors only when the action is idempotent
    /// (a repeated non-idempotent order would be processed twice). Success, faults, cancellation and bugs stop.
    /// </summary>
    public static bool CanTryNext(ForwardError error, bool actionIsIdempotent) =>
        CannotHaveReachedBackend(error) || error == ForwardError.EncodingFailed || (actionIsIdempotent && MayHaveReachedBackend(error));

    /// <summary>True when <paramref name="error"/> counts against the destination's health (the backend did not answer properly).</summary>
    public static bool IsDestinationFailure(ForwardError error) =>
        CannotHaveReachedBackend(error) || MayHaveReachedBackend(error) || error == ForwardError.Unexpected;

    /// <summary>
    /// True when a retry after <paramref name="error"/> spends the cluster's retry budget: the failed request may have
    /// reached (and loaded) a backend. Retries after a refused or timed-out connect put no load on any backend and
    /// are bounded by the attempts per message only.
    /// </summary>
    public static bool RetrySpendsBudget(ForwardError error) => MayHaveReachedBackend(error);
}
