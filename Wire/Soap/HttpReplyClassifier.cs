namespace SoapRouter.Wire.Soap;

/// <summary>
/// Reads an HTTP status the way a SOAP client would: 2xx is a reply, 500 (and 400 for SOAP 1.2 Sender faults) in a
/// SOAP media type is a fault envelope, anything else is not an answer at all. The router judges destinations' replies
/// and the load client its own replies by it.
/// </summary>
public static class HttpReplyClassifier
{
    /// <summary>Classifies the status line and content type, before the body is read.</summary>
    /// <remarks>
    /// 502 and 503 are deliberately not "cannot have reached the backend": a gateway that answers 502 may have
    /// passed the request on, and a service may answer 503 after doing part of the work. HTTP guarantees a request
    /// was not processed only for transport-level refusals (HTTP/2 REFUSED_STREAM, GOAWAY), which HTTP/1.1 lacks.
    /// </remarks>
    public static HttpReplyKind Classify(int statusCode, string? contentType)
    {
        if (statusCode is >= 200 and <= 299)
        {
            return HttpReplyKind.Reply;
        }

        if (statusCode == 500 && SoapMediaTypes.IsSoapEnvelope(contentType))
        {
            return HttpReplyKind.Fault;
        }

        // The SOAP 1.2 HTTP binding sends Sender faults as 400; SOAP 1.1 has only 500.
        return statusCode == 400 && (SoapMediaTypes.Matches(contentType, SoapMediaTypes.Soap12Xml) || SoapMediaTypes.Matches(contentType, SoapMediaTypes.Msbin1))
            ? HttpReplyKind.Fault
            : HttpReplyKind.Unusable;
    }
}
