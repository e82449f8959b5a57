namespace SoapRouter.Wire.Compression;

/// <summary>How a link marks a compressed HTTP request to its peer.</summary>
public enum CompressionWireForm
{
    /// <summary><c>Content-Encoding: &lt;codec&gt;</c> and <c>X-Soap-Original-Length</c>: any codec; for peers that speak it.</summary>
    Adaptive,

    /// <summary>
    /// WCF's own: the media type with <c>+gzip</c> or <c>+deflate</c> (<c>application/soap+msbin1+gzip</c>), what a WCF
    /// service whose binary encoder has a CompressionFormat reads. gzip and deflate only.
    /// </summary>
    Wcf,
}
