namespace SoapRouter.Wire.Soap;

/// <summary>What a destination's HTTP status (with its content type) says about the reply.</summary>
public enum HttpReplyKind
{
    /// <summary>A normal reply (2xx).</summary>
    Reply,

    /// <summary>A SOAP fault envelope, to pass through to the client as it is.</summary>
    Fault,

    /// <summary>Not a SOAP answer (404, 415, 502, 503, an HTML error page...); the request may have reached the backend.</summary>
    Unusable,
}
