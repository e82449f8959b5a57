using SoapRouter.Wire.Bindings;

namespace BackendStub.Hosting;

/// <summary>
/// The stub's SOAP endpoints: five on HTTP, one per HTTP wire binding and encoding (text, msbin1, MTOM), in the order they are printed, and the net.tcp
/// ones, WS-Addressing 1.0 and August 2004 (served only when a TCP port is given); each also over TLS when its TLS port is given.
/// </summary>
public static class StubSoapEndpoints
{
    /// <summary>SOAP 1.1 text without addressing (basicHttpBinding) at /basic.</summary>
    public static StubSoapEndpoint BasicHttp { get; } = new("basicHttp", "/basic", WireBindings.BasicHttp, "basicHttps");

    /// <summary>SOAP 1.2 text with WS-Addressing 1.0 at /soap12.</summary>
    public static StubSoapEndpoint Soap12 { get; } = new("soap12", "/soap12", WireBindings.Soap12Http, "soap12Https");

    /// <summary>msbin1 (WCF's binary encoder and its static dictionary), SOAP 1.2 with WS-Addressing 1.0, at /binary.</summary>
    public static StubSoapEndpoint Binary { get; } = new("binary", "/binary", WireBindings.BinaryHttp, "binaryHttps");

    /// <summary>SOAP 1.1 in WCF's MTOM encoding (basicHttpBinding with MessageEncoding Mtom) at /basicMtom.</summary>
    public static StubSoapEndpoint BasicMtom { get; } = new("basicMtom", "/basicMtom", WireBindings.BasicHttpMtom, "basicMtomHttps");

    /// <summary>SOAP 1.2 with WS-Addressing 1.0 in WCF's MTOM encoding at /soap12Mtom.</summary>
    public static StubSoapEndpoint Soap12Mtom { get; } = new("soap12Mtom", "/soap12Mtom", WireBindings.Soap12HttpMtom, "soap12MtomHttps");

    /// <summary>net.tcp framing with the binary session encoder, SOAP 1.2 with WS-Addressing 1.0, at net.tcp://host:port/tcp.</summary>
    public static StubSoapEndpoint NetTcp { get; } = new("netTcp", "/tcp", WireBindings.NetTcp, "netTcpTls");

    /// <summary>
    /// net.tcp with WS-Addressing August 2004 (what a CustomBinding of BinaryMessageEncodingBindingElement { MessageVersion =
    /// Soap12WSAddressingAugust2004 } over TcpTransportBindingElement speaks), at net.tcp://host:port/tcp2004 on the net.tcp ports.
    /// </summary>
    public static StubSoapEndpoint NetTcpAugust2004 { get; } = new("netTcp2004", "/tcp2004", WireBindings.NetTcpAugust2004, "netTcp2004Tls");

    /// <summary>Every HTTP SOAP endpoint, in printing order (<see cref="NetTcp"/> is not among them: it has no HTTP path).</summary>
    public static IReadOnlyList<StubSoapEndpoint> All { get; } = [BasicHttp, Soap12, Binary, BasicMtom, Soap12Mtom];

    /// <summary>SOAP 1.1 text, TransferMode.Streamed (the streamed contract, IStreamedService), at /basicStreamed.</summary>
    public static StubSoapEndpoint BasicStreamed { get; } = new("basicStreamed", "/basicStreamed", WireBindings.BasicHttp, "basicStreamedHttps");

    /// <summary>SOAP 1.2 text with WS-Addressing 1.0, streamed, at /soap12Streamed.</summary>
    public static StubSoapEndpoint Soap12Streamed { get; } = new("soap12Streamed", "/soap12Streamed", WireBindings.Soap12Http, "soap12StreamedHttps");

    /// <summary>msbin1, streamed, at /binaryStreamed.</summary>
    public static StubSoapEndpoint BinaryStreamed { get; } = new("binaryStreamed", "/binaryStreamed", WireBindings.BinaryHttp, "binaryStreamedHttps");

    /// <summary>
    /// net.tcp with TransferMode.Streamed (the singleton-unsized mode: msbin1 without a session, so its messages are
    /// <see cref="BinaryStreamed"/>'s), the streamed contract, at net.tcp://host:port/tcpStreamed on the net.tcp port.
    /// </summary>
    public static StubSoapEndpoint NetTcpStreamed { get; } = new("netTcpStreamed", "/tcpStreamed", WireBindings.BinaryHttp, "netTcpStreamedTls");

    /// <summary>The streamed endpoints (the streamed contract only), in printing order, after <see cref="All"/>.</summary>
    public static IReadOnlyList<StubSoapEndpoint> Streamed { get; } = [BasicStreamed, Soap12Streamed, BinaryStreamed];

    /// <summary>The endpoint speaking <paramref name="binding"/>.</summary>
    public static StubSoapEndpoint For(WireBinding binding)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (binding == NetTcp.Binding)
        {
            return NetTcp;
        }

        if (binding == NetTcpAugust2004.Binding)
        {
            return NetTcpAugust2004;
        }

        foreach (var endpoint in All)
        {
            if (endpoint.Binding == binding)
            {
                return endpoint;
            }
        }

        throw new ArgumentException($"The stub has no endpoint for binding '{binding.Name}'.", nameof(binding));
    }

    /// <summary>The buffered HTTP endpoint at <paramref name="path"/> (case-insensitive), or null.</summary>
    public static StubSoapEndpoint? FindByPath(string? path) => Find(All, path);

    /// <summary>The streamed endpoint at <paramref name="path"/> (case-insensitive), or null.</summary>
    public static StubSoapEndpoint? FindStreamedByPath(string? path) => Find(Streamed, path);

    private static StubSoapEndpoint? Find(IReadOnlyList<StubSoapEndpoint> endpoints, string? path)
    {
        foreach (var endpoint in endpoints)
        {
            if (string.Equals(path, endpoint.Path, StringComparison.OrdinalIgnoreCase))
            {
                return endpoint;
            }
        }

        return null;
    }
}
