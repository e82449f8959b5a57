namespace SoapRouter.Telemetry;

/// <summary>How a message crossed the router; counted so users can see that matched encodings cost nothing.</summary>
internal enum ForwardingPath
{
    /// <summary>The received bytes were sent on as they were (same encoding on both hops).</summary>
    Verbatim = 0,

    /// <summary>The message was decoded and written again (different encoding, SOAP version or binary session).</summary>
    Reencoded = 1,
}
