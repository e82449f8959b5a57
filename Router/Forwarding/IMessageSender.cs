using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;

namespace SoapRouter.Forwarding;

/// <summary>
/// Sends one received message to the destinations the forwarder picks (<see cref="MessageSender"/> for buffered messages,
/// <see cref="Streaming.StreamedSender"/> for streamed ones), and tells the pipeline what each attempt did for its counters. It returns the destination's reply as it came: the
/// client's answer is made from it after forwarding.
/// </summary>
internal interface IMessageSender : IAttemptSender<DestinationReply>
{
    /// <summary>The bytes sent to <paramref name="destination"/> by its attempt; <paramref name="fallback"/> when none was made.</summary>
    long SentLength(DestinationState destination, long fallback);
}
