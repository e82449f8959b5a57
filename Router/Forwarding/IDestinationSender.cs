using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// Sends a message to one destination of one kind, once, and returns what the destination answered as it answered it
/// (<see cref="DestinationReply"/>), whether or not a client waits for it: the HTTP verbatim path, HTTP re-encoded, net.tcp
/// (pooled or a client session's own). One instance of each serves every message; <see cref="DestinationSenders"/> picks.
/// </summary>
internal interface IDestinationSender
{
    /// <summary>
    /// Sends <paramref name="message"/> to <paramref name="destination"/>. Expected failures are values, classified where
    /// only the sender knows whether the request was written; <paramref name="cancellationToken"/> is the attempt's.
    /// </summary>
    ValueTask<AttemptResult<DestinationReply>> SendAsync(OutgoingMessage message, DestinationState destination, CancellationToken cancellationToken);
}
