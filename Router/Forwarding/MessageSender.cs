using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>
/// A buffered message's attempts, as the forwarder makes them: each goes to the destination the forwarder picked by the
/// sender of its kind (<see cref="DestinationSenders"/>), so failover may change the path; what each put on the wire is
/// kept for the counters.
/// </summary>
internal sealed class MessageSender(OutgoingMessage message, DestinationSenders senders) : IMessageSender
{
    /// <summary>The message sent.</summary>
    public OutgoingMessage Message => message;

    /// <inheritdoc />
    public ValueTask<AttemptResult<DestinationReply>> SendAsync(DestinationState destination, CancellationToken cancellationToken) =>
        senders.For(message.Context.Listener.Binding, destination).SendAsync(message, destination, cancellationToken);

    /// <inheritdoc />
    public long SentLength(DestinationState destination, long fallback) => message.SentLength(destination, fallback);
}
