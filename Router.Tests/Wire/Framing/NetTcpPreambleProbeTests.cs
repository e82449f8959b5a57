using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>The framing-preamble health probe against BackendStub's net.tcp ports: what passes and how a failure is named.</summary>
public sealed class NetTcpPreambleProbeTests : IDisposable
{
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task ServedVia_GetsAPreambleAck_AndPasses()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();

        Assert.Null(await ProbeAsync(stub.Address(WireBindings.NetTcp)));
        await Eventually.TrueAsync(() => Task.FromResult(stub.Host.NetTcpConnections == 0), "the probe's session was not ended");
    }

    [Fact]
    public async Task UnknownVia_FailsWithEndpointNotFound()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        var wrong = new UriBuilder(stub.Address(WireBindings.NetTcp)) { Path = "/nowhere" }.Uri;

        Assert.Equal("framing fault EndpointNotFound", await ProbeAsync(wrong));
    }

    [Fact]
    public async Task CompressedSessionContentType_IsAccepted()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();

        Assert.Null(await ProbeAsync(stub.Address(WireBindings.NetTcp), "application/soap+msbinsession1+gzip"));
    }

    [Fact]
    public async Task TlsEndpoint_PassesOnTheUpgradeResponse_AndAPlainPreambleThereFailsWithUpgradeInvalid()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        var address = stub.SecureAddress(WireBindings.NetTcp);

        Assert.Null(await ProbeAsync(address, upgrade: TlsStreamUpgrade.ProtocolName));
        Assert.Equal("framing fault UpgradeInvalid", await ProbeAsync(address));
    }

    [Fact]
    public async Task AnHttpPort_IsNotMistakenForNetTcp()
    {
        await using var stub = await RunningStub.StartAsync();
        var http = stub.Address(WireBindings.Soap12Http);

        var problem = await ProbeAsync(new Uri($"net.tcp://{http.Host}:{http.Port}/soap12"));

        Assert.NotNull(problem);
    }

    private static async Task<string?> ProbeAsync(Uri via, string? contentType = null, string? upgrade = null)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(20));
        return await NetTcpPreambleProbe.ProbeAsync(via, contentType, upgrade, timeout.Token);
    }
}
