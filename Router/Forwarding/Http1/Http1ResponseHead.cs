namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// What the router needs from a destination's response head, parsed from its bytes by <see cref="Http1HeadParser"/>.
/// Strings are made only for headers that are rare on SOAP replies (Content-Encoding, cache directives); the
/// Content-Type string comes from the connection's cache.
/// </summary>
internal struct Http1ResponseHead
{
    /// <summary>The status code.</summary>
    public int StatusCode;

    /// <summary>HTTP/1.0 rather than HTTP/1.1: no keep-alive unless asked for, which the router never does.</summary>
    public bool IsHttp10;

    /// <summary>The declared Content-Length; -1 when absent.</summary>
    public long ContentLength;

    /// <summary>Transfer-Encoding ends in chunked.</summary>
    public bool Chunked;

    /// <summary>The server closes the connection after this response (Connection: close).</summary>
    public bool ConnectionClose;

    /// <summary>Where the Content-Type value lies in the head (offset, length); length -1 when absent.</summary>
    public (int Offset, int Length) ContentType;

    /// <summary>The Content-Encoding value; null when absent.</summary>
    public string? ContentEncoding;

    /// <summary>The X-Soap-Original-Length value (CompressionHeaders.OriginalLength, the adaptive form); null when absent.</summary>
    public string? OriginalLength;

    /// <summary>A Set-Cookie header was present.</summary>
    public bool SetCookie;

    /// <summary>The Pragma value; null when absent.</summary>
    public string? Pragma;

    /// <summary>The Cache-Control value (several joined with ", "); null when absent.</summary>
    public string? CacheControl;

    /// <summary>An informational (1xx) response, which a final one follows on the same connection.</summary>
    public readonly bool IsInformational => StatusCode is >= 100 and <= 199;

    /// <summary>A status that has no body whatever the headers say.</summary>
    public readonly bool HasNoBody => StatusCode is 204 or 304;
}
