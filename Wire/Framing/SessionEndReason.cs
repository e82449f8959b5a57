namespace SoapRouter.Wire.Framing;

/// <summary>Why the message phase of a session ended.</summary>
internal enum SessionEndReason
{
    /// <summary>The client sent End: the server answers End once messages in flight are done; the connection may carry another session.</summary>
    ClientEnded,

    /// <summary>The server is stopping: End once messages in flight are done, then close.</summary>
    Stopping,

    /// <summary>Nothing received and nothing in flight for the idle timeout: End, then close.</summary>
    Idle,

    /// <summary>The connection closed or reset without End (possibly mid-record).</summary>
    PeerVanished,

    /// <summary>The client sent a Fault record: close.</summary>
    ClientFault,

    /// <summary>The session must be refused with a Fault record (oversized message, broken framing), then closed.</summary>
    Refused,

    /// <summary>The session was ended from outside (what its messages are relayed to is gone): close without End.</summary>
    Aborted,

    /// <summary>The session encoder could not read a payload; the session dictionary is no longer trustworthy: close.</summary>
    Unreadable,
}
