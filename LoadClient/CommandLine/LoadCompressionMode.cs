namespace LoadClient.CommandLine;

/// <summary>--compression: how requests are compressed and whether compressed replies are asked for.</summary>
internal enum LoadCompressionMode
{
    /// <summary>Nothing compressed, nothing advertised: the requests are the plain templates, byte for byte.</summary>
    None,

    /// <summary>WCF's own form: gzip requests as <c>application/soap+msbin1+gzip</c>, <c>Accept-Encoding: gzip, deflate</c> (binaryHttp only).</summary>
    Wcf,

    /// <summary>The adaptive form with the link's mode always: every request from the size limit up, first codec.</summary>
    Always,

    /// <summary>The adaptive form with the adaptive policy deciding per request.</summary>
    Adaptive,
}
