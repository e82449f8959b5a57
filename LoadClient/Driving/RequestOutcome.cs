namespace LoadClient.Driving;

/// <summary>How one request ended.</summary>
internal enum RequestOutcome
{
    /// <summary>A 2xx reply, read to the end.</summary>
    Ok,

    /// <summary>A SOAP fault: status 500 or 400 with a SOAP content type.</summary>
    Fault,

    /// <summary>Any other status that is not 2xx.</summary>
    HttpError,

    /// <summary>No complete reply within --timeout.</summary>
    Timeout,

    /// <summary>The connection failed: refused, reset, closed mid-reply.</summary>
    TransportError,

    /// <summary>The run was stopped (Ctrl+C) while the request was in flight; not counted.</summary>
    Canceled,
}
