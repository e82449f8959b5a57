using System.Net;
using System.Net.Http.Headers;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using System.Text;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>
/// An https listener at the edge with real sockets: what bad handshakes cost (each ends within the handshake timeout,
/// counted by reason, one log line per interval, nobody else disturbed), a certificate renewed on disk while a load
/// runs, an expiry warning at start, the caller's certificate forwarded (never a forged one), and the admin endpoint
/// over TLS with its token.
/// </summary>
public sealed class TlsListenerTests : IDisposable
{
    private readonly TestPki _pki = new();
    private readonly TempDirectory _files = new();

    public void Dispose()
    {
        _files.Dispose();
        _pki.Dispose();
    }

    /// <summary>Copies <paramref name="certificate"/> to the fixed files the router's config names (a renewal replaces them).</summary>
    private CertificateConfig Install(TestCertificate certificate)
    {
        File.Copy(certificate.CertPath, _files.File("server.crt.tmp"), overwrite: true);
        File.Copy(certificate.KeyPath, _files.File("server.key.tmp"), overwrite: true);
        File.Move(_files.File("server.key.tmp"), _files.File("server.key"), overwrite: true);
        File.Move(_files.File("server.crt.tmp"), _files.File("server.crt"), overwrite: true);
        return new CertificateConfig { Path = _files.File("server.crt"), KeyPath = _files.File("server.key") };
    }

    private async Task<(ListeningRouter Router, RecordingBackend Backend)> StartAsync(
        TestCertificate certificate, Func<RouterConfig, RouterConfig>? edit = null, TimeSpan? handshakeTimeout = null)
    {
        var backend = await RecordingBackend.StartAsync(RecordingBackend.Echoes(SoapMessages.ContentType("basic")));
        var tls = new ListenerTlsConfig { Certificate = Install(certificate), HandshakeTimeout = handshakeTimeout ?? TimeSpan.FromSeconds(10) };
        var config = ListeningRouter.CatchAll(ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()])) with
        {
            Listeners = [TestConfigs.Listener("basic", WireBindingNames.BasicHttp, "https://127.0.0.1:0/router/basic") with { Tls = tls }],
        };
        return (await ListeningRouter.StartAsync(edit is null ? config : edit(config)), backend);
    }

    private HttpClient TrustingClient(X509Certificate2? clientCertificate = null)
    {
        var handler = new SocketsHttpHandler
        {
            UseProxy = false,
            SslOptions = new SslClientAuthenticationOptions
            {
                RemoteCertificateValidationCallback = (_, certificate, _, errors) =>
                    certificate is X509Certificate2 server && (errors & SslPolicyErrors.RemoteCertificateNameMismatch) == 0 && TestCaValidator.Chains(server, _pki.Ca, out _),
                ClientCertificates = clientCertificate is null ? null : new X509CertificateCollection { clientCertificate },
            },
        };
        return new HttpClient(handler) { Timeout = TimeSpan.FromSeconds(20) };
    }

    private static async Task<HttpStatusCode> EchoAsync(HttpClient client, Uri address, Action<HttpRequestMessage>? edit = null)
    {
        using var request = SoapMessages.Request(address, "basic", SoapMessages.Soap11(200));
        edit?.Invoke(request);
        using var response = await client.SendAsync(request);
        return response.StatusCode;
    }

    [Fact]
    public async Task BadHandshakes_EndWithinTheTimeout_CountedByReason_LoggedOncePerInterval_OthersServed()
    {
        var (router, backend) = await StartAsync(_pki.Server(), handshakeTimeout: TimeSpan.FromSeconds(1));
        await using var _ = router;
        await using var __ = backend;
        var address = router.Address("basic");
        using var client = TrustingClient();

        // Garbage, half a ClientHello then silence, a ClientHello then a close.
        var garbage = await ConnectAsync(address);
        await garbage.GetStream().WriteAsync(Encoding.ASCII.GetBytes("\x01\x02garbage that is not TLS\r\n"));
        var stalled = await ConnectAsync(address);
        await stalled.GetStream().WriteAsync(new byte[] { 0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00 });
        var closing = await ConnectAsync(address);
        await closing.GetStream().WriteAsync(new byte[] { 0x16, 0x03, 0x01, 0x02, 0x00 });
        closing.Dispose();

        // A bare connect and close (a load balancer's TCP check) tried no handshake: not counted.
        (await ConnectAsync(address)).Dispose();

        // Meanwhile a good client is served.
        Assert.Equal(HttpStatusCode.OK, await EchoAsync(client, address));

        var started = DateTime.UtcNow;
        await EndedAsync(garbage);
        await EndedAsync(stalled);
        Assert.True(DateTime.UtcNow - started < TimeSpan.FromSeconds(5), "the stalled handshake ended within its 1 s timeout (and scheduling slack)");
        garbage.Dispose();
        stalled.Dispose();

        await Eventually.TrueAsync(() => Task.FromResult(router.Statistics.Snapshot().Faults.TlsHandshake >= 3), "three failed handshakes are counted");
        var failures = router.Statistics.Snapshot().Tls.HandshakeFailures;
        var counted = string.Join(", ", failures.Select(f => $"{f.Key} {f.Value}"));
        Assert.True(failures.GetValueOrDefault("notTls") == 1 && failures.GetValueOrDefault("timeout") == 1 && failures.GetValueOrDefault("peerClosed") == 1, counted);
        Assert.Equal(HttpStatusCode.OK, await EchoAsync(client, address));

        var line = await router.Log.WaitFor(LogLevel.Warning, "TLS handshakes failed in the last").WaitAsync(TimeSpan.FromSeconds(15));
        Assert.Contains("3 TLS handshakes failed", line, StringComparison.Ordinal);
        Assert.Single(router.Log.Entries, e => e.Message.Contains("TLS handshakes failed in the last", StringComparison.Ordinal));
    }

    [Fact]
    public async Task RenewedCertificate_IsServedToNewHandshakesWithinSeconds_WhileALoadRunsWithoutAFailure()
    {
        var first = _pki.Server();
        var (router, backend) = await StartAsync(first);
        await using var _ = router;
        await using var __ = backend;
        var address = router.Address("basic");
        using var client = TrustingClient();
        using var stop = new CancellationTokenSource();
        var failures = 0;
        var served = 0;
        var load = Enumerable.Range(0, 4).Select(_ => Task.Run(async () =>
        {
            while (!stop.IsCancellationRequested)
            {
                if (await EchoAsync(client, address) == HttpStatusCode.OK)
                {
                    Interlocked.Increment(ref served);
                }
                else
                {
                    Interlocked.Increment(ref failures);
                }
            }
        })).ToArray();

        await Task.Delay(500);
        var renewed = _pki.Server();
        Install(renewed);
        await Eventually.TrueAsync(
            async () => (await ServerCertificateAsync(address)).Thumbprint == renewed.Thumbprint,
            "new handshakes get the renewed certificate within 10 s",
            TimeSpan.FromSeconds(10));
        await Task.Delay(500);
        await stop.CancelAsync();
        await Task.WhenAll(load);

        Assert.Equal(0, failures);
        Assert.True(served > 20, $"the load ran ({served} served)");
        Assert.Contains(router.Log.Entries, e => e.Level == LogLevel.Information && e.Message.Contains("reloaded from its files", StringComparison.Ordinal));
    }

    [Fact]
    public async Task CertificateValidForOneDay_IsWarnedAboutAtStart_AndPublishedAsAGauge()
    {
        var (router, backend) = await StartAsync(_pki.Server(notAfter: DateTimeOffset.UtcNow.AddDays(1)));
        await using var _ = router;
        await using var __ = backend;

        var warning = await router.Log.WaitFor(LogLevel.Warning, "expires in").WaitAsync(TimeSpan.FromSeconds(5));
        using var admin = new HttpClient { BaseAddress = router.Host.AdminAddress };
        var metrics = await admin.GetStringAsync("/metrics");

        Assert.Contains("listener basic", warning, StringComparison.Ordinal);
        var line = metrics.Split('\n').Single(l => l.StartsWith("soaprouter_tls_certificate_expiry", StringComparison.Ordinal) && l.Contains("listener basic", StringComparison.Ordinal));
        var seconds = double.Parse(line[(line.LastIndexOf(' ') + 1)..], System.Globalization.CultureInfo.InvariantCulture);
        Assert.InRange(seconds, TimeSpan.FromHours(23).TotalSeconds, TimeSpan.FromDays(1).TotalSeconds);
    }

    [Fact]
    public async Task ForwardClientCertificate_SendsTheCallersCertificate_AndAForgedHeaderNeverPasses()
    {
        var partner = _pki.Client("partner-a", dnsNames: ["partner-a.example"]);
        var tls = (ListenerTlsConfig current) => current with { ClientCertificateMode = TlsNames.AllowCertificate, ClientCertificateAuthorities = _pki.CaPath };
        var (router, backend) = await StartAsync(_pki.Server(), config => config with
        {
            Listeners = [config.Listeners[0] with { Tls = tls(config.Listeners[0].Tls!) }],
            Routes =
            [
                TestConfigs.Route("forwarding", "c", TestConfigs.Action("urn:forward")) with { ForwardClientCertificate = ClientCertificateForwarding.Header },
                TestConfigs.Route("plain", "c", TestConfigs.MatchAll()),
            ],
        });
        await using var _ = router;
        await using var __ = backend;
        var address = router.Address("basic");
        const string Forged = "Hash=00;Subject=\"CN=admin\"";
        void Forge(HttpRequestMessage request) => request.Headers.TryAddWithoutValidation("X-Forwarded-Client-Cert", Forged);
        void Forward(HttpRequestMessage request)
        {
            Forge(request);
            request.Headers.Remove("SOAPAction");
            request.Headers.TryAddWithoutValidation("SOAPAction", "\"urn:forward\"");
        }

        using var withCertificate = TrustingClient(partner.Certificate);
        using var anonymous = TrustingClient();
        Assert.Equal(HttpStatusCode.OK, await EchoAsync(withCertificate, address, Forward));
        Assert.Equal(HttpStatusCode.OK, await EchoAsync(withCertificate, address, Forge));
        Assert.Equal(HttpStatusCode.OK, await EchoAsync(anonymous, address, Forward));

        var requests = backend.Requests.ToArray();
        var sha256 = partner.Certificate.GetCertHashString(System.Security.Cryptography.HashAlgorithmName.SHA256).ToLowerInvariant();
        Assert.Equal($"Hash={sha256};Subject=\"CN=partner-a\";DNS=partner-a.example", requests[0].Header("X-Forwarded-Client-Cert"));
        Assert.Null(requests[1].Header("X-Forwarded-Client-Cert"));
        Assert.Null(requests[2].Header("X-Forwarded-Client-Cert"));
    }

    [Fact]
    public async Task AdminOverTls_ServesHealthOpenly_AndStatsWithTheToken()
    {
        var admin = _pki.Server();
        var (router, backend) = await StartAsync(_pki.Server(), config => config with
        {
            Admin = new AdminConfig
            {
                Address = "https://127.0.0.1:0",
                Tls = new ListenerTlsConfig { Certificate = new CertificateConfig { Path = admin.CertPath, KeyPath = admin.KeyPath } },
                AuthToken = "admin-over-tls",
            },
        });
        await using var _ = router;
        await using var __ = backend;
        using var client = TrustingClient();
        client.BaseAddress = router.Host.AdminAddress;

        Assert.Equal(Uri.UriSchemeHttps, router.Host.AdminAddress!.Scheme);
        Assert.Equal(HttpStatusCode.OK, (await client.GetAsync("/health")).StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, (await client.GetAsync("/stats")).StatusCode);
        using var authorized = new HttpRequestMessage(HttpMethod.Get, "/stats") { Headers = { Authorization = new AuthenticationHeaderValue("Bearer", "admin-over-tls") } };
        Assert.Equal(HttpStatusCode.OK, (await client.SendAsync(authorized)).StatusCode);
    }

    /// <summary>Waits (at most 8 s) for the router to end the connection: a close, or a reset when it left bytes unread.</summary>
    private static async Task EndedAsync(TcpClient tcp)
    {
        try
        {
            Assert.Equal(0, await tcp.GetStream().ReadAsync(new byte[16]).AsTask().WaitAsync(TimeSpan.FromSeconds(8)));
        }
        catch (IOException)
        {
            // Reset: the router closed with the client's garbage still unread, which the kernel answers with RST.
        }
    }

    private static async Task<TcpClient> ConnectAsync(Uri address)
    {
        var tcp = new TcpClient();
        await tcp.ConnectAsync(IPAddress.Loopback, address.Port);
        return tcp;
    }

    private async Task<X509Certificate2> ServerCertificateAsync(Uri address)
    {
        using var tcp = await ConnectAsync(address);
        await using var tls = new SslStream(tcp.GetStream(), false, (_, certificate, _, _) => certificate is X509Certificate2 server && TestCaValidator.Chains(server, _pki.Ca, out _));
        await tls.AuthenticateAsClientAsync("localhost");
        return X509CertificateLoader.LoadCertificate(tls.RemoteCertificate!.GetRawCertData());
    }
}
