using SoapRouter.Forwarding.Http;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// A message a destination sent on one of the router's own framing sessions (<see cref="NetTcpFramedSession"/>): its bytes,
/// translated into session-free msbin1 and owned by whoever takes it, with what the router read of it.
/// </summary>
/// <param name="Bytes">The message's bytes (session-free msbin1 of the destination's binding).</param>
/// <param name="IsFault">True for a SOAP fault.</param>
/// <param name="RelatesTo">Its wsa:RelatesTo; null for a message the destination sent unasked (a callback).</param>
internal sealed record FramedReply(RawSoapReply Bytes, bool IsFault, string? RelatesTo);
