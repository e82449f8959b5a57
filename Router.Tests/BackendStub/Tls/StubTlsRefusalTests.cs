using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using Samples.Contracts;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub.Tls;

/// <summary>
/// What a stock WCF client gets when the stub's TLS refuses it: a missing or unacceptable client certificate (HTTP:
/// the handshake fails; net.tcp: at the upgrade), a client asking for Windows security, a plain client on the TLS
/// port, a TLS client on the plain port. Each is a clean client-side exception within a bound, never a hang, and the
/// stub goes on serving.
/// </summary>
public sealed class StubTlsRefusalTests : IDisposable
{
    private readonly TestPki _pki = new();
    private readonly TestPki _otherPki = new("Other Test CA");

    public void Dispose()
    {
        _pki.Dispose();
        _otherPki.Dispose();
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp, "none")]
    [InlineData(WireBindingNames.BasicHttp, "another CA's")]
    [InlineData(WireBindingNames.BasicHttp, "expired")]
    [InlineData(WireBindingNames.Soap12Http, "another CA's")]
    [InlineData(WireBindingNames.NetTcp, "none")]
    [InlineData(WireBindingNames.NetTcp, "another CA's")]
    [InlineData(WireBindingNames.NetTcp, "expired")]
    public async Task UnacceptableClientCertificate_IsRefused_WithACleanException_AndAGoodClientIsStillServed(string bindingName, string certificate)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, requireClientCertificates: true);
        var address = stub.SecureAddress(binding);

        using (var refused = TlsStubClient.Create<IEchoService>(binding, address, _pki, out _, Certificate(certificate)))
        {
            await RefusedAsync(refused);
        }

        using var good = TlsStubClient.Create<IEchoService>(binding, address, _pki, out _, _pki.Client("partner-a").Certificate);
        Assert.Equal("served", (await good.Channel.EchoAsync(new EchoPayload { Text = "served" }).WaitAsync(TlsStubClient.CallBound)).Text);
        var stats = await stub.StatsAsync();
        Assert.Equal(1, stats.Requests);
    }

    [Fact]
    public async Task NetTcpTransportSecurityWithWindowsCredentials_GetsUpgradeInvalid_AsAProtocolException()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);

        // NetTcpBinding(SecurityMode.Transport) as it comes: ClientCredentialType Windows, the application/negotiate upgrade.
        var windows = new NetTcpBinding(SecurityMode.Transport);
        using var client = StubWcfClient<IEchoService>.Create(windows, stub.SecureAddress(WireBindings.NetTcp));

        var refused = Assert.IsType<ProtocolException>(await RefusedAsync(client));

        Assert.Contains("upgrade", refused.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task PlainNetTcpClient_OnTheTlsPort_GetsUpgradeInvalid_NamingTheMismatchedBindings()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        using var client = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, stub.SecureAddress(WireBindings.NetTcp));

        var refused = Assert.IsType<ProtocolException>(await RefusedAsync(client));

        Assert.Contains("mismatched bindings", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TlsNetTcpClient_OnThePlainPort_GetsUpgradeInvalid()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync();
        using var client = TlsStubClient.Create<IEchoService>(WireBindings.NetTcp, stub.Address(WireBindings.NetTcp), _pki, out _);

        var refused = Assert.IsType<ProtocolException>(await RefusedAsync(client));

        Assert.Contains("upgrade", refused.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task ServerCertificateFromAnotherCa_IsRefusedByTheClient()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_otherPki);
        using var client = TlsStubClient.Create<IEchoService>(WireBindings.NetTcp, stub.SecureAddress(WireBindings.NetTcp), _pki, out var validator);

        await RefusedAsync(client);

        Assert.True(validator.Validated >= 1);
    }

    /// <summary>Calls Echo and returns the exception it must end in, within the bound (a hang fails the test with a TimeoutException).</summary>
    private static Task<CommunicationException> RefusedAsync(StubWcfClient<IEchoService> client) =>
        Assert.ThrowsAnyAsync<CommunicationException>(() => client.Channel.EchoAsync(new EchoPayload { Text = "refused" }).WaitAsync(TlsStubClient.CallBound));

    private X509Certificate2? Certificate(string kind) => kind switch
    {
        "none" => null,
        "another CA's" => _otherPki.Client("partner-a").Certificate,
        "expired" => _pki.Client("partner-a", notBefore: DateTimeOffset.UtcNow.AddHours(-20), notAfter: DateTimeOffset.UtcNow.AddHours(-1)).Certificate,
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, null),
    };
}
