using SoapRouter.Wire.Bindings;

namespace BackendStub.Hosting;

/// <summary>One SOAP endpoint of the stub: the name it is printed and counted under, its HTTP path and the wire binding it speaks.</summary>
/// <param name="Name">basicHttp, soap12 or binary: the name in the startup lines and in /stub/stats.</param>
/// <param name="Path">The HTTP path, matched case-insensitively.</param>
/// <param name="Binding">The wire binding (encoder, SOAP and WS-Addressing versions) of its messages.</param>
public sealed record StubSoapEndpoint(string Name, string Path, WireBinding Binding);
