namespace SoapRouter.Forwarding.NetTcp;

/// <summary>How one send on a framing session ended: its reply's bytes (normal or fault; none for a one-way message) or the error.</summary>
/// <param name="Error">None, BackendFault, or what went wrong.</param>
/// <param name="Reply">The reply, owned by the caller (dispose its bytes); null for one-way messages and failures.</param>
internal readonly record struct FramedOutcome(ForwardError Error, FramedReply? Reply);
