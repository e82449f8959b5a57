namespace SoapRouter.Wire.Framing;

/// <summary>
/// What a <see cref="NetTcpFramingClient"/> hands up from its session. Both methods are called on the client's receive
/// loop, one call at a time and in the order the records arrived; the loop waits for each to return.
/// </summary>
public interface INetTcpFramingClientHandler
{
    /// <summary>
    /// One Sized Envelope's payload (binary session bytes, as the server's writer encoded them). The span is the
    /// client's buffer and is reused once this returns: translate or copy it before returning. A throw ends the session
    /// (<see cref="NetTcpFramingEndReason.Unreadable"/>): the session dictionary can no longer be trusted.
    /// </summary>
    void OnPayload(ReadOnlySpan<byte> payload);

    /// <summary>The session is over, and why; called exactly once per connected client, after the last <see cref="OnPayload"/>.</summary>
    void OnEnded(NetTcpFramingEnd end);
}
