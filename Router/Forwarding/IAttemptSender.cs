using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// Sends one message to one destination, once. The transport plugs in here; the per-message object that holds the
/// message usually implements it, so the forwarding loop needs no closure.
/// </summary>
/// <typeparam name="T">The reply type.</typeparam>
internal interface IAttemptSender<T>
{
    /// <summary>
    /// Sends to <paramref name="destination"/> and returns the reply or the error as a value. Expected failures
    /// should be returned, classified with <see cref="ForwardErrorClassifier"/> (only the sender knows whether the
    /// request was already written). <paramref name="cancellationToken"/> fires on the client's cancellation or on
    /// the attempt's timeout; an <see cref="OperationCanceledException"/> thrown for it is classified by the caller.
    /// </summary>
    ValueTask<AttemptResult<T>> SendAsync(DestinationState destination, CancellationToken cancellationToken);

    /// <summary>
    /// False once the message cannot be sent to another destination whatever went wrong: a streamed message, some of whose
    /// bytes went to a destination, is gone from the router. Buffered messages can always be sent again.
    /// </summary>
    bool CanSendAgain => true;

    /// <summary>
    /// True when the message's bytes are held, so an attempt that sent them can be repeated elsewhere (a buffered
    /// message); false for a streamed one, read as it goes. Only a replayable message's attempt is cut by
    /// <c>attemptTimeout</c>: cutting one that cannot be sent again would only fail it sooner.
    /// </summary>
    bool Replayable => true;

    /// <summary>Called before each attempt with its deadline, which a sender whose transfer may outlast the timeout moves on as bytes move.</summary>
    void BeginAttempt(AttemptDeadline deadline)
    {
    }
}
