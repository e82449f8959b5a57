using SoapRouter.Wire.Bindings;

namespace BackendStub.Hosting;

/// <summary>One SOAP endpoint of the stub: the name it is printed and counted under, its HTTP path and the wire binding it speaks.</summary>
/// <param name="Name">basicHttp, soap12, binary or netTcp: the name in the startup lines and in /stub/stats.</param>
/// <param name="Path">The path: of the HTTP request, or of the net.tcp address (and the Via the preamble must name).</param>
/// <param name="Binding">The wire binding (encoder, SOAP and WS-Addressing versions) of its messages.</param>
/// <param name="SecureName">The name of the same endpoint over TLS (basicHttps, soap12Https, binaryHttps, netTcpTls).</param>
public sealed record StubSoapEndpoint(string Name, string Path, WireBinding Binding, string SecureName);
