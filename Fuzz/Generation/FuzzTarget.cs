namespace SoapRouter.Fuzz.Generation;

/// <summary>What a fuzz target sends to: a router listener's binding, and for compressed bodies the codec.</summary>
internal enum FuzzTargetKind
{
    /// <summary>Text SOAP 1.1 over HTTP.</summary>
    BasicHttp,

    /// <summary>Text SOAP 1.2 with WS-Addressing over HTTP.</summary>
    Soap12Http,

    /// <summary>msbin1 over HTTP.</summary>
    BinaryHttp,

    /// <summary>[MC-NMF] framing with the binary session encoding.</summary>
    NetTcp,

    /// <summary>[MC-NMF] with the <c>application/ssl-tls</c> upgrade.</summary>
    NetTcpTls,

    /// <summary>A compressed HTTP body (WCF's +gzip/+deflate form or Content-Encoding) in one codec.</summary>
    Compressed,
}

/// <summary>One target of a run: its name in reports and on the command line, its kind and, for compressed bodies, the codec's name.</summary>
internal sealed record FuzzTarget(string Name, FuzzTargetKind Kind, string? Codec = null)
{
    /// <summary>Every target, in the order a run takes them.</summary>
    public static readonly IReadOnlyList<FuzzTarget> All =
    [
        new("basicHttp", FuzzTargetKind.BasicHttp), new("soap12Http", FuzzTargetKind.Soap12Http), new("binaryHttp", FuzzTargetKind.BinaryHttp),
        new("netTcp", FuzzTargetKind.NetTcp), new("netTcpTls", FuzzTargetKind.NetTcpTls),
        new("gzip", FuzzTargetKind.Compressed, "gzip"), new("deflate", FuzzTargetKind.Compressed, "deflate"),
        new("brotli", FuzzTargetKind.Compressed, "brotli"), new("lz4", FuzzTargetKind.Compressed, "lz4"), new("zstd", FuzzTargetKind.Compressed, "zstd"),
    ];
}
