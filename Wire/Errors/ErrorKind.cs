namespace SoapRouter.Wire.Errors;

/// <summary>Who an exception blames, as <see cref="ErrorClassifier.Classify"/> tells it.</summary>
public enum ErrorKind
{
    /// <summary>Our own bug (or a state nobody expected): logged as an error, never blamed on a peer.</summary>
    Bug = 0,

    /// <summary>
    /// The bytes a peer sent: malformed XML, a quota or size limit, an invalid header value, a message WCF cannot read.
    /// From a client it is refused with a clear error; in a destination's reply it is that destination's failure.
    /// </summary>
    BadInput,

    /// <summary>The connection to a peer (or the peer behind it) failed: refused, reset, closed, timed out, a channel already dead.</summary>
    ConnectionFailed,

    /// <summary>The operation was cancelled (the client went away, a timeout of the router's own fired, shutdown).</summary>
    Cancelled,
}
