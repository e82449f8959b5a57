namespace SoapRouter.Wire.Framing;

/// <summary>
/// An endpoint that keeps something per session (a backend session it relays to, a service instance): resolved once per
/// session, told when the session opens, and given the chance to finish before the session answers End.
/// </summary>
public interface INetTcpSessionEndpoint : INetTcpEndpoint
{
    /// <summary>The session's Preamble Ack went out; <paramref name="session"/> sends on it and ends it from outside.</summary>
    void Opened(NetTcpSessionHandle session);

    /// <summary>
    /// The session's message phase is over and every message handed to the endpoint has completed.
    /// <paramref name="clientEnded"/>: the client sent End (or the server is stopping gracefully), and the session can
    /// still send until this completes, End going out after it; otherwise (the client vanished, the idle timeout,
    /// broken framing, <see cref="NetTcpSessionHandle.Abort"/>) nothing more can be sent. Must not throw.
    /// </summary>
    ValueTask ClosedAsync(bool clientEnded);
}
