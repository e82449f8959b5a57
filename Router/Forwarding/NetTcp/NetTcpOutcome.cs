using System.ServiceModel.Channels;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>How one send to a net.tcp destination ended: its reply (normal or fault; none for a one-way message) or the error.</summary>
/// <param name="Error">None, BackendFault, or what went wrong.</param>
/// <param name="Reply">The reply, owned by the caller (close it); null for one-way messages and failures.</param>
/// <param name="Framed">
/// The bytes <paramref name="Reply"/> reads from, when a framing session of the router's own carried it; owned by the caller,
/// released after the reply is closed.
/// </param>
internal readonly record struct NetTcpOutcome(ForwardError Error, Message? Reply, FramedReply? Framed = null);
