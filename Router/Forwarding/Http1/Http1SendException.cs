namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// A failed exchange on an HTTP/1.1 connection, with whether any of the request had been written when it failed (as
/// HttpClient's content tells it): the transport classifies <see cref="Exception.InnerException"/> with that flag.
/// </summary>
internal sealed class Http1SendException(Exception inner, bool requestSent)
    : IOException("The exchange with the destination failed.", inner)
{
    /// <summary>True once the request had started going out: it may have reached the backend.</summary>
    public bool RequestSent { get; } = requestSent;
}
