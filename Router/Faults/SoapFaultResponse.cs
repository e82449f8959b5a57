namespace SoapRouter.Faults;

/// <summary>A fault ready to send over HTTP.</summary>
/// <param name="Body">The fault envelope, UTF-8 without a byte order mark.</param>
/// <param name="ContentType">The HTTP content type for the envelope's SOAP version.</param>
/// <param name="StatusCode">The HTTP status code for the fault.</param>
internal sealed record SoapFaultResponse(byte[] Body, string ContentType, int StatusCode);
