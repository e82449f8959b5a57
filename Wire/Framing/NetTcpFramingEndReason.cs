namespace SoapRouter.Wire.Framing;

/// <summary>Why a <see cref="NetTcpFramingClient"/>'s session ended.</summary>
public enum NetTcpFramingEndReason
{
    /// <summary>The server sent End: after our own End (a graceful close), or on its own (it is stopping or the session was idle).</summary>
    ServerEnded,

    /// <summary>The server sent a Fault record (<see cref="NetTcpFramingEnd.Fault"/>).</summary>
    ServerFault,

    /// <summary>The server closed the connection without End (between records or mid-record).</summary>
    ConnectionClosed,

    /// <summary>The connection was reset, or a send or receive failed (<see cref="NetTcpFramingEnd.Error"/>).</summary>
    ConnectionReset,

    /// <summary>The server broke the framing grammar: an unknown or out-of-place record, a bad size.</summary>
    Malformed,

    /// <summary>A Sized Envelope larger than the client's largest message was announced.</summary>
    MessageTooLarge,

    /// <summary>The handler could not take a payload (<see cref="NetTcpFramingEnd.Error"/>).</summary>
    Unreadable,

    /// <summary>This side closed the connection at once: Abort, dispose, a cancelled send or a close that timed out.</summary>
    Aborted,
}
