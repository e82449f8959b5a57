using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Tls;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The stub process with TLS ports, as scripts run it: the secure endpoint lines, and a bad certificate file.</summary>
public sealed class StubTlsProcessTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task Run_WithTlsPorts_PrintsTheSecureEndpoints_AndServesThem()
    {
        var server = _pki.Server();
        using var stub = StubProcess.Start(
            "--http-port", "0", "--https-port", "0", "--tcp-tls-port", "0", "--certificate", server.CertPath, "--certificate-key", server.KeyPath);
        var endpoints = await stub.WaitForEndpointsAsync(ProcessTimeout);

        Assert.Equal(
            ["basicHttp", "soap12", "binary", "basicMtom", "soap12Mtom", "basicStreamed", "soap12Streamed", "binaryStreamed", "stats", "basicHttps", "soap12Https", "binaryHttps", "basicMtomHttps", "soap12MtomHttps", "basicStreamedHttps", "soap12StreamedHttps", "binaryStreamedHttps", "statsHttps", "netTcp2004Tls", "netTcpTls"],
            endpoints.Select(e => e.Name));
        Assert.All(endpoints.Where(e => e.Name.EndsWith("Https", StringComparison.Ordinal)), e => Assert.Equal("https", e.Address.Scheme));
        Assert.All(endpoints.Take(9), e => Assert.Equal("http", e.Address.Scheme));
        var netTcpTls = endpoints[^1].Address;
        Assert.Equal("net.tcp", netTcpTls.Scheme);
        using (var client = TlsStubClient.Create<IEchoService>(WireBindings.NetTcp, netTcpTls, _pki, out var validator))
        {
            Assert.Equal("tls", (await client.Channel.EchoAsync(new EchoPayload { Text = "tls" }).WaitAsync(TlsStubClient.CallBound)).Text);
            Assert.True(validator.Validated >= 1);
        }

        stub.Terminate();
        Assert.Equal(0, await stub.WaitForExitAsync(ProcessTimeout));
    }

    [Fact]
    public async Task Run_WithACertificateFileThatIsNotOne_SaysSo_ExitsTwo()
    {
        var server = _pki.Server();
        using var stub = StubProcess.Start("--http-port", "0", "--https-port", "0", "--certificate", _pki.CaPath, "--certificate-key", server.KeyPath);

        Assert.Equal(2, await stub.WaitForExitAsync(ProcessTimeout));
        Assert.Contains($"error: cannot start: '{_pki.CaPath}' and '{server.KeyPath}' are not a PEM certificate and its private key.", stub.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", stub.Output, StringComparison.Ordinal);
    }
}
