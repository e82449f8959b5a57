namespace SoapRouter.Fuzz.Generation;

/// <summary>The router's listeners a run sends to (scripts/fuzz.sh writes a router.json with the same addresses).</summary>
/// <param name="BasicHttp">The basicHttp listener.</param>
/// <param name="Soap12Http">The soap12Http listener.</param>
/// <param name="BinaryHttp">The binaryHttp listener.</param>
/// <param name="NetTcp">The plain netTcp listener.</param>
/// <param name="NetTcpTls">The netTcp listener with a <c>tls</c> section.</param>
internal sealed record FuzzEndpoints(Uri BasicHttp, Uri Soap12Http, Uri BinaryHttp, Uri NetTcp, Uri NetTcpTls)
{
    /// <summary>The listeners on <paramref name="host"/> with the HTTP port and the two net.tcp ports scripts/fuzz.sh uses.</summary>
    public static FuzzEndpoints On(string host, int httpPort, int netTcpPort, int netTcpTlsPort) => new(
        new Uri($"http://{host}:{httpPort}/fuzz/basic"), new Uri($"http://{host}:{httpPort}/fuzz/soap12"), new Uri($"http://{host}:{httpPort}/fuzz/binary"),
        new Uri($"net.tcp://{host}:{netTcpPort}/fuzz"), new Uri($"net.tcp://{host}:{netTcpTlsPort}/fuzz"));
}
