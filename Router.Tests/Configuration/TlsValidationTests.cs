using System.Text;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.Configuration.TestConfigs;

namespace SoapRouter.Tests.Configuration;

/// <summary>One test CA and its certificates for the TLS validation tests (made once: each is a real file).</summary>
public sealed class TlsValidationPki : IDisposable
{
    internal TestPki Pki { get; } = new();

    internal TestPki OtherPki { get; } = new("Other CA");

    internal TestCertificate Server { get; }

    internal TestCertificate OtherServer { get; }

    internal TestCertificate Expired { get; }

    internal TestCertificate ClientOnly { get; }

    internal TestCertificate Client { get; }

    public TlsValidationPki()
    {
        Server = Pki.Server();
        OtherServer = Pki.Server("other.localhost");
        Expired = Pki.Server("expired", notBefore: DateTimeOffset.UtcNow.AddDays(-30), notAfter: DateTimeOffset.UtcNow.AddDays(-1));
        ClientOnly = Pki.Client("partner-a");
        Client = Pki.Client("router-client");
    }

    public void Dispose()
    {
        Pki.Dispose();
        OtherPki.Dispose();
    }
}

public sealed class TlsValidationTests(TlsValidationPki fixture) : IClassFixture<TlsValidationPki>
{
    private const string HttpsAddress = "https://127.0.0.1:8443/router/basic";

    private static CertificateConfig Pem(TestCertificate certificate) => new() { Path = certificate.CertPath, KeyPath = certificate.KeyPath };

    private ListenerTlsConfig Tls(TestCertificate? certificate = null) => new() { Certificate = Pem(certificate ?? fixture.Server) };

    private static RouterConfig WithHttpsListener(ListenerTlsConfig? tls, string address = HttpsAddress) =>
        WithListeners(Listener("secure", WireBindingNames.BasicHttp, address) with { Tls = tls });

    [Fact]
    public void Validate_HttpsListenerWithPemCertificate_IsValid() =>
        Assert.Empty(Errors(WithHttpsListener(Tls())));

    [Fact]
    public void Validate_HttpsListenerWithPfxAndPasswordFromEnvironment_IsValid()
    {
        Environment.SetEnvironmentVariable("ROUTER_TEST_PFX_PASSWORD", TestPki.PfxPassword);
        var tls = new ListenerTlsConfig { Certificate = new CertificateConfig { Path = fixture.Server.PfxPath, Password = "env:ROUTER_TEST_PFX_PASSWORD" } };
        Assert.Empty(Errors(WithHttpsListener(tls)));
    }

    [Fact]
    public void Validate_HttpsAddressWithoutTls_IsAnError() =>
        AssertSingleError(WithHttpsListener(null), "listeners[0].address", "add a tls section");

    [Fact]
    public void Validate_TlsOnAnHttpAddress_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls(), "http://127.0.0.1:8080/router/basic"), "listeners[0].tls", "needs an https:// address");

    [Fact]
    public void Validate_NetTcpListenerWithTls_IsValid() =>
        Assert.Empty(Errors(WithListeners(Listener("tcp", WireBindingNames.NetTcp, "net.tcp://127.0.0.1:8808/router") with { Tls = Tls() })));

    [Fact]
    public void Validate_MissingCertificateFile_IsAnError() =>
        AssertSingleError(
            WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = "/nowhere/server.crt", KeyPath = fixture.Server.KeyPath } }),
            "listeners[0].tls.certificate", "'/nowhere/server.crt' does not exist");

    [Fact]
    public void Validate_ExpiredCertificate_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls(fixture.Expired)), "listeners[0].tls.certificate", "expired on");

    [Fact]
    public void Validate_KeyOfAnotherCertificate_IsAnError() =>
        AssertSingleError(
            WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = fixture.Server.CertPath, KeyPath = fixture.OtherServer.KeyPath } }),
            "listeners[0].tls.certificate", "does not match the certificate");

    [Fact]
    public void Validate_PfxWithWrongPassword_IsAnErrorThatDoesNotShowThePassword()
    {
        var config = WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = fixture.Server.PfxPath, Password = "wrong-secret" } });

        AssertSingleError(config, "listeners[0].tls.certificate", "cannot be opened with the password given");
        Assert.DoesNotContain(Errors(config), e => e.Contains("wrong-secret", StringComparison.Ordinal));
        Assert.DoesNotContain("wrong-secret", config.Listeners[0].Tls!.Certificate!.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_PasswordFromAnUnsetVariable_IsAnError() =>
        AssertSingleError(
            WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = fixture.Server.PfxPath, Password = "env:ROUTER_TEST_NOT_SET_ANYWHERE" } }),
            "listeners[0].tls.certificate.password", "environment variable 'ROUTER_TEST_NOT_SET_ANYWHERE' is not set");

    [Fact]
    public void Validate_PemCertificateWithoutKeyPath_SaysItNeedsOne() =>
        AssertSingleError(
            WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = fixture.Server.CertPath } }),
            "listeners[0].tls.certificate", "a PEM certificate needs keyPath");

    [Fact]
    public void Validate_ClientOnlyCertificateOnAListener_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls(fixture.ClientOnly)), "listeners[0].tls.certificate", "does not list serverAuth");

    [Fact]
    public void Validate_TwoListenersOnOnePortWithDifferentCertificates_IsAnError()
    {
        var config = WithListeners(
            Listener("a", WireBindingNames.BasicHttp, "https://127.0.0.1:8443/a") with { Tls = Tls() },
            Listener("b", WireBindingNames.Soap12Http, "https://127.0.0.1:8443/b") with { Tls = Tls(fixture.OtherServer) });

        AssertSingleError(config, "listeners[1].tls", "share one certificate");
    }

    [Fact]
    public void Validate_TwoListenersOnOnePortWithEqualSections_IsValid()
    {
        var config = WithListeners(
            Listener("a", WireBindingNames.BasicHttp, "https://127.0.0.1:8443/a") with { Tls = Tls() },
            Listener("b", WireBindingNames.Soap12Http, "https://127.0.0.1:8443/b") with { Tls = Tls() with { Protocols = ["Tls12", "Tls13"] } });

        Assert.Empty(Errors(config));
    }

    [Fact]
    public void Validate_UnknownClientCertificateMode_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls() with { ClientCertificateMode = "Sometimes" }), "listeners[0].tls.clientCertificateMode", "unknown mode 'Sometimes'");

    [Theory]
    [InlineData("Tls11")]
    [InlineData("Tls10")]
    [InlineData("Ssl3")]
    public void Validate_DeprecatedProtocol_IsRefused(string protocol) =>
        AssertSingleError(WithHttpsListener(Tls() with { Protocols = ["Tls12", protocol] }), "listeners[0].tls.protocols", $"'{protocol}' is refused");

    [LinuxFact]
    public void Validate_CipherSuites_UnknownAndNonForwardSecretAreRefused_AndAListIsWarnedAbout()
    {
        var config = WithHttpsListener(Tls() with { CipherSuites = ["TLS_AES_256_GCM_SHA384", "TLS_RSA_WITH_AES_256_GCM_SHA384", "TLS_NOT_A_SUITE"] });

        var result = RouterConfigValidator.Validate(config);

        AssertHasError(result.Errors, "listeners[0].tls.cipherSuites", "'TLS_RSA_WITH_AES_256_GCM_SHA384' has no forward secrecy");
        AssertHasError(result.Errors, "listeners[0].tls.cipherSuites", "unknown cipher suite 'TLS_NOT_A_SUITE'");
        Assert.Equal(2, result.Errors.Count);
        Assert.Contains(result.Warnings, w => w.Contains("turns TLS session resumption off", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_RequireCertificateWithoutAuthorities_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls() with { ClientCertificateMode = "RequireCertificate" }), "listeners[0].tls.clientCertificateAuthorities", "is required");

    [Fact]
    public void Validate_RequireCertificateWithAuthorities_IsValid() =>
        Assert.Empty(Errors(WithHttpsListener(Tls() with { ClientCertificateMode = "RequireCertificate", ClientCertificateAuthorities = fixture.Pki.CaPath })));

    [Fact]
    public void Validate_SniEntryWithABadHostName_IsAnError() =>
        AssertSingleError(
            WithHttpsListener(Tls() with { Sni = new Dictionary<string, CertificateConfig> { ["not a host"] = Pem(fixture.OtherServer) } }),
            "listeners[0].tls.sni['not a host']", "is not a host name");

    [Fact]
    public void Validate_ZeroHandshakeTimeout_IsAnError() =>
        AssertSingleError(WithHttpsListener(Tls() with { HandshakeTimeout = TimeSpan.Zero }), "listeners[0].tls.handshakeTimeout", "must be more than");

    [Fact]
    public void Load_RelativeCertificatePaths_AreReadFromTheConfigFilesFolder()
    {
        using var folder = new TempDirectory();
        File.Copy(fixture.Server.CertPath, folder.File("server.crt"));
        File.Copy(fixture.Server.KeyPath, folder.File("server.key"));
        var config = WithHttpsListener(new ListenerTlsConfig { Certificate = new CertificateConfig { Path = "server.crt", KeyPath = "server.key" } });
        File.WriteAllText(folder.File("router.json"), ToJson(config));

        var result = RouterConfigLoader.LoadFile(folder.File("router.json"));

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Equal(folder.File("server.crt"), result.Config!.Listeners[0].Tls!.Certificate!.Path);
    }

    [Fact]
    public void Load_TlsSectionInJson_UsesTheIssueNames()
    {
        var json = $$"""
            {
              "listeners": [ { "name": "secure", "binding": "basicHttp", "address": "{{HttpsAddress}}",
                "tls": { "certificate": { "path": "{{fixture.Server.CertPath}}", "keyPath": "{{fixture.Server.KeyPath}}" },
                         "sni": { "partner-a.example": { "path": "{{fixture.OtherServer.CertPath}}", "keyPath": "{{fixture.OtherServer.KeyPath}}" } },
                         "protocols": [ "Tls12", "Tls13" ], "clientCertificateMode": "AllowCertificate",
                         "clientCertificateAuthorities": "{{fixture.Pki.CaPath}}", "checkCertificateRevocation": false,
                         "handshakeTimeout": "00:00:05", "expiryWarning": "30.00:00:00" } } ],
              "routes": [ { "name": "all", "cluster": "echo", "filters": [ { "type": "matchAll" } ],
                            "allowedClientCertificates": [ { "subject": "CN=partner-a" }, { "san": "partner-a.example" } ],
                            "forwardClientCertificate": "header" } ],
              "clusters": { "echo": { "destinations": [ { "name": "b", "binding": "basicHttp", "address": "https://127.0.0.1:9443/basic",
                  "tls": { "trustedAuthorities": "{{fixture.Pki.CaPath}}", "serverName": "localhost",
                           "clientCertificate": { "path": "{{fixture.Client.CertPath}}", "keyPath": "{{fixture.Client.KeyPath}}" } } } ] } },
              "admin": { "address": "http://127.0.0.1:0", "authToken": "s3cret-token" },
              "tls": { "expiryWarning": "20.00:00:00" }
            }
            """;

        var result = RouterConfigLoader.Load(Encoding.UTF8.GetBytes(json));

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        var tls = result.Config!.Listeners[0].Tls!;
        Assert.Equal("AllowCertificate", tls.ClientCertificateMode);
        Assert.Equal(TimeSpan.FromDays(30), tls.ExpiryWarning);
        Assert.Single(tls.Sni);
        Assert.Equal(2, result.Config.Routes[0].AllowedClientCertificates.Count);
        Assert.Equal("localhost", result.Config.Clusters["echo"].Destinations[0].Tls!.ServerName);
        Assert.Equal(TimeSpan.FromDays(20), result.Config.Tls.ExpiryWarning);
    }

    [Fact]
    public void Validate_TlsOnAnHttpDestination_IsAnError() =>
        AssertSingleError(
            WithCluster(Cluster(Destination("d") with { Tls = new DestinationTlsConfig() })),
            "clusters.echo.destinations[0].tls", "needs an https:// address");

    [Fact]
    public void Validate_DestinationChecks_ReportEachProblem()
    {
        var config = WithCluster(Cluster(Destination("d", address: "https://10.0.0.5:9443/basic") with
        {
            Tls = new DestinationTlsConfig
            {
                TrustedAuthorities = "/nowhere/ca.pem",
                ServerName = "not a name",
                ClientCertificate = new CertificateConfig { Path = fixture.Expired.CertPath, KeyPath = fixture.Expired.KeyPath },
            },
        }));

        var errors = Errors(config);
        AssertHasError(errors, "clusters.echo.destinations[0].tls.trustedAuthorities", "does not exist");
        AssertHasError(errors, "clusters.echo.destinations[0].tls.serverName", "is not a DNS host name");
        AssertHasError(errors, "clusters.echo.destinations[0].tls.clientCertificate", "expired on");
    }

    [Fact]
    public void Validate_InsecureSkipVerify_IsAWarning()
    {
        var result = RouterConfigValidator.Validate(WithCluster(Cluster(Destination("d", address: "https://127.0.0.1:9443/basic") with
        {
            Tls = new DestinationTlsConfig { InsecureSkipVerify = true },
        })));

        Assert.True(result.IsValid);
        Assert.Contains(result.Warnings, w => w.StartsWith("clusters.echo.destinations[0].tls.insecureSkipVerify: ", StringComparison.Ordinal) && w.Contains("NOT checked", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_ClientCertificateRules_AreChecked()
    {
        var config = Valid() with
        {
            Listeners = [Listener("secure", WireBindingNames.BasicHttp, HttpsAddress) with
            {
                Tls = Tls() with { ClientCertificateMode = "RequireCertificate", ClientCertificateAuthorities = fixture.Pki.CaPath },
            }],
            Routes = [Route("all", "echo", MatchAll()) with
            {
                AllowedClientCertificates = [new ClientCertificateRule(), new ClientCertificateRule { Thumbprint = "12:34" }, new ClientCertificateRule { Subject = "CN=partner-a" }],
                ForwardClientCertificate = "cookie",
            }],
        };

        var errors = Errors(config);
        Assert.Equal(3, errors.Count);
        AssertHasError(errors, "routes[0].allowedClientCertificates[0]", "needs subject, thumbprint or san");
        AssertHasError(errors, "routes[0].allowedClientCertificates[1].thumbprint", "is not a SHA-1");
        AssertHasError(errors, "routes[0].forwardClientCertificate", "unknown value 'cookie'");
    }

    [Fact]
    public void Validate_ClientCertificateRulesWhereNoListenerAsks_IsAWarning()
    {
        var config = Valid() with { Routes = [Route("all", "echo", MatchAll()) with { AllowedClientCertificates = [new ClientCertificateRule { San = "partner-a.example" }] }] };

        var result = RouterConfigValidator.Validate(config);

        Assert.True(result.IsValid);
        Assert.Contains(result.Warnings, w => w.StartsWith("routes[0].allowedClientCertificates: ", StringComparison.Ordinal) && w.Contains("every message on this route will be refused", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_HttpsAdminWithoutTls_IsAnError() =>
        AssertSingleError(Valid() with { Admin = new AdminConfig { Address = "https://127.0.0.1:9901" } }, "admin.address", "add admin.tls");

    [Fact]
    public void Validate_HttpsAdminWithTlsAndToken_IsValidWithoutWarnings()
    {
        var result = RouterConfigValidator.Validate(Valid() with
        {
            Admin = new AdminConfig { Address = "https://10.1.2.3:9901", Tls = Tls(), AuthToken = "a-long-enough-token" },
        });

        Assert.True(result.IsValid, string.Join(Environment.NewLine, result.Errors));
        Assert.DoesNotContain(result.Warnings, w => w.StartsWith("admin.", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_AdminTokenFromAnUnsetVariable_IsAnError() =>
        AssertSingleError(Valid() with { Admin = new AdminConfig { AuthToken = "env:ROUTER_TEST_NO_TOKEN_HERE" } }, "admin.authToken", "is not set");

    [Fact]
    public void AdminConfig_ToString_NeverShowsTheToken() =>
        Assert.DoesNotContain("s3cret", new AdminConfig { AuthToken = "s3cret" }.ToString(), StringComparison.Ordinal);
}
