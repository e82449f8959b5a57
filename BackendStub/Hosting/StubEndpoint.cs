namespace BackendStub.Hosting;

/// <summary>One address the running stub serves, as printed at start (<see cref="StubEndpointLine"/>).</summary>
/// <param name="Name">basicHttp, soap12, binary or stats.</param>
/// <param name="Address">The absolute address, with the bound port.</param>
public sealed record StubEndpoint(string Name, Uri Address);
