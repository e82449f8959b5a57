using SoapRouter.LoadBalancing;

namespace SoapRouter.Forwarding;

/// <summary>One destination tried for a message and how that attempt ended.</summary>
/// <param name="Destination">The destination tried.</param>
/// <param name="Error">The attempt's outcome; <see cref="ForwardError.None"/> for the one that answered.</param>
internal readonly record struct ForwardAttempt(DestinationState Destination, ForwardError Error);
