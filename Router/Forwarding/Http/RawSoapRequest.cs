namespace SoapRouter.Forwarding.Http;

/// <summary>
/// A message to forward as it was received: the encoded bytes and the transport headers that go with them. The
/// body belongs to the caller, who keeps it alive (and unchanged) until forwarding has finished; it is never copied.
/// </summary>
internal readonly struct RawSoapRequest
{
    /// <summary>Describes a request whose <paramref name="body"/> is sent as <paramref name="contentType"/>.</summary>
    public RawSoapRequest(ReadOnlyMemory<byte> body, string contentType)
    {
        ArgumentException.ThrowIfNullOrEmpty(contentType);
        Body = body;
        ContentType = contentType;
    }

    /// <summary>The encoded message, exactly as it goes on the wire.</summary>
    public ReadOnlyMemory<byte> Body { get; }

    /// <summary>The Content-Type header value, forwarded unchanged (SOAP 1.2 carries its action in it).</summary>
    public string ContentType { get; }

    /// <summary>The SOAPAction header value (basicHttp), forwarded unchanged, quotes included; null when absent.</summary>
    public string? SoapAction { get; init; }

    /// <summary>The W3C traceparent header, so the trace continues without touching a SOAP header; null when absent.</summary>
    public string? TraceParent { get; init; }

    /// <summary>The W3C tracestate header that goes with <see cref="TraceParent"/>; null when absent.</summary>
    public string? TraceState { get; init; }

    /// <summary>The message's action, for the destination link's compression ratios per action; null when unknown.</summary>
    public string? Action { get; init; }

    /// <summary>The X-Forwarded-Client-Cert value naming the caller's TLS certificate (routes[].forwardClientCertificate); null: none sent.</summary>
    public string? ClientCertificate { get; init; }

    /// <summary>
    /// An empty 2xx is a valid answer (a WCF backend acknowledges a one-way operation with 202 Accepted and no body), not an
    /// unusable reply. The router's sends set it for every message, one-way or not: a message the router does not know to
    /// be one-way may still be one (basicHttp cannot say so), and its backend's acknowledgement must reach the client.
    /// </summary>
    public bool AcceptsEmptyReply { get; init; }

    /// <summary>
    /// Hands <paramref name="sink"/> the headers this request carries besides Host, Content-Type and Content-Length, in the
    /// order they go out: SOAPAction, X-Forwarded-Client-Cert, traceparent and its tracestate; the values as they are
    /// (SOAPAction keeps its quotes). Only these headers are forwarded, so a client's own X-Forwarded-Client-Cert never
    /// reaches a destination. False when the sink refused one (the rest are not written).
    /// </summary>
    public bool WriteHeaders<TSink>(ref TSink sink)
        where TSink : IRequestHeaderSink, allows ref struct
    {
        return (SoapAction is not { } action || sink.Add("SOAPAction", action))
            && (ClientCertificate is not { } certificate || sink.Add(Tls.CertificateIdentity.ForwardedHeaderName, certificate))
            && (TraceParent is not { } parent || (sink.Add("traceparent", parent) && (TraceState is not { } state || sink.Add("tracestate", state))));
    }
}
