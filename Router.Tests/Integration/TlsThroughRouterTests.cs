using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Security;
using System.Text;
using Samples.Contracts;
using Samples.Payloads;
using SoapRouter.Tests.BackendStub.Tls;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Samples.Contracts;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Integration;

/// <summary>
/// Stock WCF clients over TLS through the router to a real BackendStub: every binding over https, net.tcp with transport
/// security, verbatim and bridged, to plain and TLS destinations; listeners that require client certificates and routes
/// that admit some callers only. Every server certificate is checked against the test CA (never accept-any).
/// </summary>
public sealed class TlsThroughRouterTests(TlsRouterFixture fixture) : IClassFixture<TlsRouterFixture>
{
    public static TheoryData<string, string> HttpsListeners => new()
    {
        { "tls-basic", WireBindingNames.BasicHttp },
        { "tls-soap12", WireBindingNames.Soap12Http },
        { "tls-binary", WireBindingNames.BinaryHttp },
        { "tls-basic-https", WireBindingNames.BasicHttp },
        { "tls-basic-tcptls", WireBindingNames.BasicHttp },
    };

    public static TheoryData<string> NetTcpTlsListeners => ["tcptls-plain", "tcptls-tls", "tcptls-soap12"];

    private StubWcfClient<TContract> Client<TContract>(string listener, string binding, out TestCaValidator validator, X509Certificate2? certificate = null)
        where TContract : class =>
        TlsStubClient.Create<TContract>(WireBindings.Get(binding), fixture.Router.Address(listener), fixture.Pki, out validator, certificate);

    [Theory]
    [MemberData(nameof(HttpsListeners))]
    public async Task Https_StockWcfClient_IsAnswered_VerbatimAndBridged(string listener, string binding)
    {
        using var client = Client<IEchoService>(listener, binding, out var validator);

        var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = listener, Blob = [7, 8, 9] }).WaitAsync(TlsStubClient.CallBound);

        Assert.Equal("https", fixture.Router.Address(listener).Scheme);
        Assert.Equal(listener, echoed.Text);
        Assert.Equal([7, 8, 9], echoed.Blob);
        Assert.True(validator.Validated >= 1, "the client checked the router's certificate against the test CA");
        Assert.True(fixture.Router.Statistics.Snapshot().Tls.Handshakes >= 1);
    }

    [Theory]
    [MemberData(nameof(NetTcpTlsListeners))]
    public async Task NetTcpTransportSecurity_StockWcfClient_IsAnswered_ToPlainTlsAndHttpsDestinations(string listener)
    {
        using var client = Client<IOrderService>(listener, WireBindingNames.NetTcp, out var validator);

        var orders = await client.Channel.GetOrdersAsync(25).WaitAsync(TlsStubClient.CallBound);

        Assert.Equal(25, orders.Length);
        Assert.True(validator.Validated >= 1);
    }

    [Theory]
    [InlineData("tcptls-plain")]
    [InlineData("tcptls-tls")]
    public async Task NetTcpTransportSecurity_EachClientSession_KeepsABackendSessionOfItsOwn(string listener)
    {
        var clients = Enumerable.Range(0, 3).Select(_ => Client<ISessionCounter>(listener, WireBindingNames.NetTcp, out TestCaValidator _)).ToList();
        try
        {
            for (var call = 1; call <= 3; call++)
            {
                foreach (var client in clients)
                {
                    Assert.Equal(call, await client.Channel.NextAsync().WaitAsync(TlsStubClient.CallBound));
                }
            }
        }
        finally
        {
            clients.ForEach(static client => client.Dispose());
        }
    }

    [Fact]
    public async Task TlsDestinations_AreReachedOverPooledConnections_NotAHandshakePerMessage()
    {
        using var client = Client<IEchoService>("tls-basic-https", WireBindingNames.BasicHttp, out _);
        var before = fixture.Router.Statistics.Tls.DestinationHandshakes("stub-https-basic");
        for (var i = 0; i < 30; i++)
        {
            await client.Channel.EchoAsync(new EchoPayload { Text = "pooled" }).WaitAsync(TlsStubClient.CallBound);
        }

        var handshakes = fixture.Router.Statistics.Tls.DestinationHandshakes("stub-https-basic") - before;
        Assert.InRange(handshakes, 0, 2);
    }

    [Theory]
    [InlineData("mtls-basic", WireBindingNames.BasicHttp)]
    [InlineData("mtls-tcp", WireBindingNames.NetTcp)]
    public async Task RequireCertificate_ClientFromTheCa_IsServed(string listener, string binding)
    {
        using var client = Client<IEchoService>(listener, binding, out _, fixture.Pki.Client("partner-a").Certificate);

        var echoed = await client.Channel.EchoAsync(new EchoPayload { Text = "partner-a" }).WaitAsync(TlsStubClient.CallBound);

        Assert.Equal("partner-a", echoed.Text);
    }

    [Theory]
    [InlineData("mtls-basic", WireBindingNames.BasicHttp, "none")]
    [InlineData("mtls-basic", WireBindingNames.BasicHttp, "another CA's")]
    [InlineData("mtls-basic", WireBindingNames.BasicHttp, "expired")]
    [InlineData("mtls-basic", WireBindingNames.BasicHttp, "serverAuth only")]
    [InlineData("mtls-tcp", WireBindingNames.NetTcp, "none")]
    [InlineData("mtls-tcp", WireBindingNames.NetTcp, "another CA's")]
    [InlineData("mtls-tcp", WireBindingNames.NetTcp, "expired")]
    public async Task RequireCertificate_UnacceptableCertificate_IsRefusedInTheHandshake(string listener, string binding, string certificate)
    {
        var failures = fixture.Router.Statistics.Snapshot().Tls.HandshakeFailures;
        var before = failures.TryGetValue("clientCertificate", out var count) ? count : 0;
        using var client = Client<IEchoService>(listener, binding, out _, Certificate(certificate));

        await Assert.ThrowsAnyAsync<CommunicationException>(
            () => client.Channel.EchoAsync(new EchoPayload { Text = "refused" }).WaitAsync(TlsStubClient.CallBound));

        await Eventually.TrueAsync(
            () => Task.FromResult(fixture.Router.Statistics.Snapshot().Tls.HandshakeFailures.GetValueOrDefault("clientCertificate") > before),
            "the refusal is counted as a clientCertificate handshake failure");
    }

    [Fact]
    public async Task RouteRules_CallerTheRouteDoesNotAdmit_GetsAccessDenied_OverHttpAsMessageSecurityException()
    {
        var denied = fixture.Router.Statistics.Snapshot().Faults.AccessDenied;
        using var client = Client<IEchoService>("mtls-basic", WireBindingNames.BasicHttp, out _, fixture.Pki.Client("partner-b").Certificate);

        var refused = await Assert.ThrowsAsync<MessageSecurityException>(
            () => client.Channel.EchoAsync(new EchoPayload { Text = "partner-b" }).WaitAsync(TlsStubClient.CallBound));

        Assert.Contains("forbidden", refused.Message, StringComparison.OrdinalIgnoreCase);
        Assert.True(fixture.Router.Statistics.Snapshot().Faults.AccessDenied > denied);
    }

    [Fact]
    public async Task RouteRules_CallerTheRouteDoesNotAdmit_GetsAccessDenied_OverNetTcpAsSecurityAccessDeniedException()
    {
        using var client = Client<IEchoService>("mtls-tcp", WireBindingNames.NetTcp, out _, fixture.Pki.Client("partner-b").Certificate);

        var refused = await Assert.ThrowsAsync<SecurityAccessDeniedException>(
            () => client.Channel.EchoAsync(new EchoPayload { Text = "partner-b" }).WaitAsync(TlsStubClient.CallBound));

        Assert.Equal("Access is denied.", refused.Message);
    }

    [Fact]
    public async Task PlainHttp_OnATlsPort_GetsA400SayingToUseHttps_AndIsCounted()
    {
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        var address = new UriBuilder(fixture.Router.Address("mtls-basic")) { Scheme = Uri.UriSchemeHttp }.Uri;

        using var response = await http.PostAsync(address, new StringContent("<x/>", Encoding.UTF8, "text/xml"));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("speaks HTTPS", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        await Eventually.TrueAsync(
            () => Task.FromResult(fixture.Router.Statistics.Snapshot().Tls.HandshakeFailures.GetValueOrDefault("plainHttp") >= 1),
            "plain HTTP on the TLS port is counted as plainHttp");
    }

    [Fact]
    public async Task NetTcpWindowsCredentials_GetTheUpgradeFault_NotAHang()
    {
        using var client = StubWcfClient<IEchoService>.Create(new NetTcpBinding(SecurityMode.Transport), fixture.Router.Address("tcptls-plain"));

        var refused = await Assert.ThrowsAsync<ProtocolException>(
            () => client.Channel.EchoAsync(new EchoPayload { Text = "windows" }).WaitAsync(TlsStubClient.CallBound));

        Assert.Contains("upgrade", refused.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task PlainNetTcpClient_OnTheTlsListener_AndTlsClient_OnThePlainOne_GetClearExceptions()
    {
        using var plainOnTls = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, fixture.Router.Address("tcptls-plain"));
        using var tlsOnPlain = Client<IEchoService>("tcp-plain", WireBindingNames.NetTcp, out _);

        var plain = await Assert.ThrowsAsync<ProtocolException>(() => plainOnTls.Channel.EchoAsync(new EchoPayload { Text = "plain" }).WaitAsync(TlsStubClient.CallBound));
        Assert.Contains("mismatched bindings", plain.Message, StringComparison.Ordinal);
        var upgrade = await Assert.ThrowsAsync<ProtocolException>(() => tlsOnPlain.Channel.EchoAsync(new EchoPayload { Text = "tls" }).WaitAsync(TlsStubClient.CallBound));

        Assert.Contains("upgrade", upgrade.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task ServerCertificate_IsTheRoutersFromTheCa_ForAClientThatNamesTheHost()
    {
        var address = fixture.Router.Address("tls-basic");
        using var tcp = new TcpClient();
        await tcp.ConnectAsync(IPAddress.Loopback, address.Port);
        await using var tls = new SslStream(tcp.GetStream(), leaveInnerStreamOpen: false, (_, certificate, _, errors) =>
            certificate is X509Certificate2 server && TestCaValidator.Chains(server, fixture.Pki.Ca, out _) && errors == SslPolicyErrors.RemoteCertificateChainErrors);

        await tls.AuthenticateAsClientAsync("localhost");

        Assert.True(tls.IsAuthenticated);
        Assert.Contains(tls.SslProtocol, new[] { System.Security.Authentication.SslProtocols.Tls12, System.Security.Authentication.SslProtocols.Tls13 });
    }

    private X509Certificate2? Certificate(string kind) => kind switch
    {
        "none" => null,
        "another CA's" => fixture.OtherPki.Client("partner-a").Certificate,
        "expired" => fixture.Pki.Client("partner-a", notBefore: DateTimeOffset.UtcNow.AddDays(-2), notAfter: DateTimeOffset.UtcNow.AddHours(-1)).Certificate,
        "serverAuth only" => fixture.Pki.Client("partner-a", usages: [TestPki.ServerAuthOid]).Certificate,
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, null),
    };
}
