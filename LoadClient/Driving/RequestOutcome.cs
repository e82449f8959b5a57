namespace LoadClient.Driving;

/// <summary>How one request ended.</summary>
internal enum RequestOutcome
{
    /// <summary>A 2xx reply, read to the end (WCF mode: the call returned).</summary>
    Ok,

    /// <summary>A SOAP fault: status 500 or 400 with a SOAP content type (WCF mode: a FaultException).</summary>
    Fault,

    /// <summary>Any other status that is not 2xx (raw mode only).</summary>
    HttpError,

    /// <summary>No complete reply within --timeout (WCF mode: a TimeoutException).</summary>
    Timeout,

    /// <summary>The connection failed: refused, reset, closed mid-reply (raw mode only).</summary>
    TransportError,

    /// <summary>
    /// WCF mode: any other CommunicationException (refused connection, unexpected HTTP status or content type, an
    /// unreadable reply). WCF does not say which of these reliably, so the exception's type is recorded instead.
    /// </summary>
    CommunicationError,

    /// <summary>A compressed reply that decodes past --max-decompressed-size (raw mode with --compression).</summary>
    CompressionBomb,

    /// <summary>A compressed reply that does not decode, or in an encoding that cannot be read (raw mode with --compression).</summary>
    CorruptReply,

    /// <summary>The run was stopped (Ctrl+C) while the request was in flight; not counted.</summary>
    Canceled,
}
