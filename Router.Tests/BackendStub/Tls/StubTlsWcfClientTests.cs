using System.ServiceModel;
using System.ServiceModel.Channels;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.BackendStub.Tls;

/// <summary>
/// Stock WCF clients over TLS against the real stub: HTTPS on every HTTP binding and net.tcp with transport security
/// (the application/ssl-tls upgrade), the server certificate checked against the test CA only.
/// </summary>
public sealed class StubTlsWcfClientTests : IDisposable
{
    private readonly TestPki _pki = new();

    public static TheoryData<string> Bindings => [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, WireBindingNames.NetTcp];

    public void Dispose() => _pki.Dispose();

    [Theory]
    [MemberData(nameof(Bindings))]
    public async Task Echo_OverTls_IsAnswered_WithTheServerCertificateCheckedAgainstTheCa(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        var address = stub.SecureAddress(binding);
        using var client = TlsStubClient.Create<IEchoService>(binding, address, _pki, out var validator);

        var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = "over TLS", Blob = [1, 2, 3] }).WaitAsync(TlsStubClient.CallBound);

        Assert.Equal(binding.IsSession ? "net.tcp" : "https", address.Scheme);
        Assert.Equal("over TLS", echoed.Text);
        Assert.Equal([1, 2, 3], echoed.Blob);
        Assert.True(validator.Validated >= 1, "the test CA validator checked the server certificate");
        Assert.True((await stub.StatsAsync()).TlsHandshakes >= 1);
    }

    [Theory]
    [InlineData(WireBindingNames.Soap12Http)]
    [InlineData(WireBindingNames.NetTcp)]
    public async Task GetOrders_OverTls_ReturnsTheGeneratorsOrders(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, options: new() { Profile = PayloadProfile.Incompressible, Seed = 5 });
        using var client = TlsStubClient.Create<IOrderService>(binding, stub.SecureAddress(binding), _pki, out _);

        var orders = await client.Channel.GetOrdersAsync(200).WaitAsync(TlsStubClient.CallBound);

        OrderAssert.Equal(new PayloadGenerator(PayloadProfile.Incompressible, 5).GetOrders(200), orders);
    }

    [Theory]
    [InlineData(WireBindingNames.BasicHttp)]
    [InlineData(WireBindingNames.BinaryHttp)]
    [InlineData(WireBindingNames.NetTcp)]
    public async Task ClientCertificateFromTheCa_IsServed_WhenTheStubRequiresOne(string bindingName)
    {
        var binding = WireBindings.Get(bindingName);
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, requireClientCertificates: true);
        using var client = TlsStubClient.Create<IEchoService>(binding, stub.SecureAddress(binding), _pki, out var validator, _pki.Client("partner-a").Certificate);

        var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = "partner-a" }).WaitAsync(TlsStubClient.CallBound);

        Assert.Equal("partner-a", echoed.Text);
        Assert.True(validator.Validated >= 1);
    }

    [Fact]
    public async Task CustomNetTcpBinding_WithConnectionBufferAndCompressedSession_WorksOverTlsWithAClientCertificate()
    {
        // The router's own net.tcp destinations use this form: a larger connection buffer and, on slow links, WCF's gzip session.
        await using var stub = await RunningStub.StartWithTlsAsync(_pki, requireClientCertificates: true);
        var binding = WireBindings.NetTcp.CreateClientBinding(
            WireLimits.ForSize(8 << 20), 64 * 1024, CompressionFormat.GZip, WireTransportSecurity.TransportWithClientCertificate);
        var partner = _pki.Client("partner-a").Certificate;
        using var client = StubWcfClient<IEchoService>.Create(binding, stub.SecureAddress(WireBindings.NetTcp), configure: factory => TlsStubClient.Trust(factory, _pki, partner));
        var text = new string('z', 100_000);

        Assert.Equal(text, (await client.Channel.EchoAsync(new EchoPayload { Text = text }).WaitAsync(TlsStubClient.CallBound)).Text);
    }

    [Fact]
    public async Task PooledNetTcpConnection_IsUpgradedAgain_ForTheFactorysNextChannel()
    {
        var binding = WireBindings.NetTcp;
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        using var client = TlsStubClient.Create<IEchoService>(binding, stub.SecureAddress(binding), _pki, out _);
        Assert.Equal("first", (await client.Channel.EchoAsync(new EchoPayload { Text = "first" }).WaitAsync(TlsStubClient.CallBound)).Text);
        await Task.Factory.FromAsync(((ICommunicationObject)client.Channel).BeginClose, ((ICommunicationObject)client.Channel).EndClose, null).WaitAsync(TlsStubClient.CallBound);

        // WCF pools the plain connection and starts the next channel on it with a new preamble and a new TLS upgrade.
        var second = client.Factory.CreateChannel();
        try
        {
            Assert.Equal("second", (await second.EchoAsync(new EchoPayload { Text = "second" }).WaitAsync(TlsStubClient.CallBound)).Text);
        }
        finally
        {
            ((ICommunicationObject)second).Abort();
        }

        Assert.Equal(1, stub.Host.NetTcpConnectionsAccepted);
        Assert.Equal(2, (await stub.StatsAsync()).TlsHandshakes);
    }

    [Fact]
    public async Task StatsOverHttps_AreServed_AndCountTheHandshakes()
    {
        await using var stub = await RunningStub.StartWithTlsAsync(_pki);
        using var handler = new HttpClientHandler { ServerCertificateCustomValidationCallback = TestCaValidator.HttpCallback(_pki.Ca) };
        using var https = new HttpClient(handler);

        var first = await https.GetStringAsync(stub.Host.AddressOf(global::BackendStub.Hosting.StubHost.StatsHttpsName)).WaitAsync(TlsStubClient.CallBound);

        Assert.Contains("\"tlsHandshakes\": 1", first, StringComparison.Ordinal);
    }
}
