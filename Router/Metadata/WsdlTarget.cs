using SoapRouter.Wire.Bindings;

namespace SoapRouter.Metadata;

/// <summary>The endpoint a WSDL served through a listener must describe: the listener's binding, over http or https.</summary>
/// <param name="Binding">The listener's wire binding (SOAP version, encoding, addressing).</param>
/// <param name="Https">True when the client reached the listener over TLS.</param>
/// <param name="RequireClientCertificate">True when the listener requires a client certificate.</param>
internal sealed record WsdlTarget(WireBinding Binding, bool Https, bool RequireClientCertificate = false);
