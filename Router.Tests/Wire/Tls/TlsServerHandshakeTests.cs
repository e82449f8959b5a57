using System.Buffers;
using System.Net.Security;
using System.Runtime.Versioning;
using System.Security.Authentication;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Tests.Wire.Tls;

/// <summary>
/// TlsServerHandshake over in-memory pipes with a real SslStream client and certificates from a test CA: what it
/// accepts, how each failure is classified, and that refused bytes stay in the pipe for the caller's answer.
/// </summary>
public sealed class TlsServerHandshakeTests : IDisposable
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(10);
    private readonly TestPki _pki = new();

    public void Dispose() => _pki.Dispose();

    [Fact]
    public async Task Handshake_Succeeds_SniPicksTheCertificateByName_AndBytesFlowBothWays()
    {
        var byDefault = _pki.Server();
        var partner = _pki.Server("partner.test", dnsNames: ["partner.test"]);
        var names = new List<string?>();
        var options = InMemoryTls.Options(byDefault, byName: name =>
        {
            lock (names)
            {
                names.Add(name);
            }

            return name == "partner.test" ? partner : byDefault;
        });
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);
        string? seenThumbprint = null;

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        await client.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(_pki.Ca, "partner.test", seen: c => seenThumbprint = c.Thumbprint)).WaitAsync(Bound);
        await using var result = await accepting.WaitAsync(Bound);

        Assert.True(result.Succeeded, result.Problem);
        Assert.Equal("partner.test", result.ServerName);
        Assert.Equal(["partner.test"], names);
        Assert.Equal(partner.Thumbprint, seenThumbprint);
        Assert.True(result.Protocol is SslProtocols.Tls12 or SslProtocols.Tls13, result.Protocol.ToString());
        Assert.Null(result.ClientCertificate);
        Assert.Null(result.Failure);

        await client.WriteAsync("ping"u8.ToArray());
        var read = await result.Transport.Input.ReadAtLeastAsync(4).AsTask().WaitAsync(Bound);
        Assert.Equal("ping", System.Text.Encoding.ASCII.GetString(read.Buffer.Slice(0, 4).ToArray()));
        result.Transport.Input.AdvanceTo(read.Buffer.GetPosition(4));
        await result.Transport.Output.WriteAsync("pong"u8.ToArray());
        var answer = new byte[4];
        await client.ReadExactlyAsync(answer).AsTask().WaitAsync(Bound);
        Assert.Equal("pong", System.Text.Encoding.ASCII.GetString(answer));
    }

    [Fact]
    public async Task ClientCertificateFromTheAuthority_IsAccepted_AndReported()
    {
        var partner = _pki.Client("partner-a");
        var options = InMemoryTls.Options(_pki.Server(), Require());
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        await client.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(_pki.Ca, certificate: partner.Certificate)).WaitAsync(Bound);
        await using var result = await accepting.WaitAsync(Bound);

        Assert.True(result.Succeeded, result.Problem);
        Assert.Equal(partner.Thumbprint, result.ClientCertificate?.Thumbprint);
    }

    [Fact]
    public async Task RequiredClientCertificateMissing_IsClientCertificate()
    {
        var options = InMemoryTls.Options(_pki.Server(), Require());
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        await InMemoryTls.TryClientHandshakeAsync(client, InMemoryTls.ClientOptions(_pki.Ca));
        var result = await accepting.WaitAsync(Bound);

        Assert.False(result.Succeeded);
        Assert.Equal(TlsHandshakeFailure.ClientCertificate, result.Failure);
        Assert.Equal("no client certificate", result.Problem);
    }

    [Fact]
    public async Task ClientCertificateFromAnotherAuthority_IsClientCertificate()
    {
        using var other = new TestPki("Other Test CA");
        var options = InMemoryTls.Options(_pki.Server(), Require());
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        await InMemoryTls.TryClientHandshakeAsync(client, InMemoryTls.ClientOptions(_pki.Ca, certificate: other.Client("partner-a").Certificate));
        var result = await accepting.WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.ClientCertificate, result.Failure);
        Assert.Equal("the client certificate is not issued by a trusted authority", result.Problem);
    }

    [Theory]
    [InlineData("GET / HTTP/1.1\r\nHost: router\r\n\r\n")]
    [InlineData("POST /basic HTTP/1.1\r\n")]
    [InlineData("OPTIONS * HTTP/1.1\r\n")]
    public async Task PlainHttp_IsPlainHttp_AndItsBytesStayReadable(string request)
    {
        await using var connection = new InMemoryTls();
        await connection.SendAsync(System.Text.Encoding.ASCII.GetBytes(request));

        var result = await TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), CancellationToken.None).WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.PlainHttp, result.Failure);
        Assert.Equal("plainHttp", TlsHandshakeFailureNames.Of(result.Failure!.Value));
        await AssertStillReadableAsync(connection, request);
    }

    [Theory]
    [InlineData(new byte[] { 0x00, 0x01, 0x00, 0x01, 0x02 })]
    [InlineData(new byte[] { (byte)'g', (byte)'e', (byte)'t', (byte)' ' })]
    [InlineData(new byte[] { (byte)' ', (byte)'G' })]
    public async Task OtherBytes_AreNotTls_AndStayReadable(byte[] bytes)
    {
        await using var connection = new InMemoryTls();
        await connection.SendAsync(bytes);

        var result = await TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), CancellationToken.None).WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.NotTls, result.Failure);
        await AssertStillReadableAsync(connection, System.Text.Encoding.Latin1.GetString(bytes));
    }

    [Fact]
    public async Task HalfAClientHello_TimesOut_AtTheHandshakeTimeout()
    {
        var clock = new FakeTimeProvider();
        var options = InMemoryTls.Options(_pki.Server()) with { HandshakeTimeout = TimeSpan.FromSeconds(5), Time = clock };
        await using var connection = new InMemoryTls();
        await connection.SendAsync([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        clock.Advance(TimeSpan.FromSeconds(4.9));
        await Task.Delay(100);
        Assert.False(accepting.IsCompleted);
        clock.Advance(TimeSpan.FromSeconds(0.1));
        var result = await accepting.WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.Timeout, result.Failure);
        Assert.Equal("the TLS handshake did not complete within 5 s", result.Problem);
    }

    [Fact]
    public async Task NoByteAtAll_TimesOut_AtTheHandshakeTimeout()
    {
        var clock = new FakeTimeProvider();
        var options = InMemoryTls.Options(_pki.Server()) with { HandshakeTimeout = TimeSpan.FromSeconds(5), Time = clock };
        await using var connection = new InMemoryTls();

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        clock.Advance(TimeSpan.FromSeconds(5));

        Assert.Equal(TlsHandshakeFailure.Timeout, (await accepting.WaitAsync(Bound)).Failure);
    }

    [Fact]
    public async Task ClientClosingMidHandshake_IsPeerClosed()
    {
        await using var connection = new InMemoryTls();
        await connection.SendAsync([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]);
        await connection.CloseClientAsync();

        var result = await TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), CancellationToken.None).WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.PeerClosed, result.Failure);
    }

    [Fact]
    public async Task ClientClosingBeforeAnyByte_IsEmpty_NotAHandshake()
    {
        await using var connection = new InMemoryTls();
        await connection.CloseClientAsync();

        var result = await TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), CancellationToken.None).WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.Empty, result.Failure);
    }

    [Fact]
    public async Task NoCommonProtocolVersion_IsProtocol()
    {
        // Between 1.2 and 1.3: whether a TLS 1.1 client can even start depends on the machine's OpenSSL security level.
        var options = InMemoryTls.Options(_pki.Server()) with { Protocols = SslProtocols.Tls12 };
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        Assert.False(await InMemoryTls.TryClientHandshakeAsync(client, InMemoryTls.ClientOptions(_pki.Ca, protocols: SslProtocols.Tls13)));
        var result = await accepting.WaitAsync(Bound);

        Assert.Equal(TlsHandshakeFailure.Protocol, result.Failure);
        Assert.DoesNotContain("error:", result.Problem, StringComparison.Ordinal);
    }

    [LinuxFact]
    public async Task Tls12WithAnRsaCertificate_NegotiatesAForwardSecretAeadSuite()
    {
        var options = InMemoryTls.Options(_pki.Server(rsa: true));
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        await client.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(_pki.Ca, protocols: SslProtocols.Tls12)).WaitAsync(Bound);
        await using var result = await accepting.WaitAsync(Bound);

        Assert.Equal(SslProtocols.Tls12, result.Protocol);
        Assert.True(TlsDefaults.IsForwardSecret(result.CipherSuite), result.CipherSuite.ToString());
        Assert.StartsWith("TLS_ECDHE_RSA_WITH_", result.CipherSuite.ToString(), StringComparison.Ordinal);
    }

    [LinuxFact]
    [SupportedOSPlatform("linux")]
    public async Task Tls12ClientOfferingOnlyCbcSuites_IsRefused_ByTheAeadOnlyList()
    {
        var options = InMemoryTls.Options(_pki.Server(rsa: true)) with { CipherSuites = new CipherSuitesPolicy(TlsDefaults.AeadOnlySuites) };
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);
        var cbcOnly = InMemoryTls.ClientOptions(_pki.Ca, protocols: SslProtocols.Tls12);
        cbcOnly.CipherSuitesPolicy = new CipherSuitesPolicy([TlsCipherSuite.TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256, TlsCipherSuite.TLS_RSA_WITH_AES_128_CBC_SHA]);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        Assert.False(await InMemoryTls.TryClientHandshakeAsync(client, cbcOnly));

        Assert.Equal(TlsHandshakeFailure.Protocol, (await accepting.WaitAsync(Bound)).Failure);
    }

    [LinuxFact]
    [SupportedOSPlatform("linux")]
    public async Task Tls12ClientOfferingOnlySuitesWithoutForwardSecrecy_IsRefused_ByTheDefaults()
    {
        var options = InMemoryTls.Options(_pki.Server(rsa: true));
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);
        var rsaKeyTransport = InMemoryTls.ClientOptions(_pki.Ca, protocols: SslProtocols.Tls12);
        rsaKeyTransport.CipherSuitesPolicy = new CipherSuitesPolicy([TlsCipherSuite.TLS_RSA_WITH_AES_256_GCM_SHA384, TlsCipherSuite.TLS_RSA_WITH_AES_128_CBC_SHA]);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        Assert.False(await InMemoryTls.TryClientHandshakeAsync(client, rsaKeyTransport));

        Assert.Equal(TlsHandshakeFailure.Protocol, (await accepting.WaitAsync(Bound)).Failure);
    }

    [Fact]
    public async Task CallerCancellation_IsCancelled()
    {
        await using var connection = new InMemoryTls();
        using var stopping = new CancellationTokenSource();

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), stopping.Token);
        await stopping.CancelAsync();

        Assert.Equal(TlsHandshakeFailure.Cancelled, (await accepting.WaitAsync(Bound)).Failure);
    }

    [Fact]
    public async Task Dispose_EndsTheTlsPipe_ButLeavesTheTransportOpen()
    {
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);
        var result = await AcceptedAsync(connection, client);

        await result.DisposeAsync();
        await result.DisposeAsync();

        await Assert.ThrowsAnyAsync<InvalidOperationException>(async () => await result.Transport!.Output.WriteAsync(new byte[1]));
        await connection.Server.Output.WriteAsync(new byte[] { 42 });
    }

    [Fact]
    public async Task Dispose_AfterTheClientWentAway_DoesNotThrow()
    {
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);
        var result = await AcceptedAsync(connection, client);

        await connection.ClientGoneAsync();

        await result.DisposeAsync().AsTask().WaitAsync(Bound);
    }

    [Fact]
    public async Task CertificateSourceThatThrows_Throws_AsABugOrBadConfiguration()
    {
        var options = new TlsServerOptions { CertificateFor = _ => throw new InvalidDataException("no certificate configured") };
        await using var connection = new InMemoryTls();
        await using var client = new SslStream(connection.Client);

        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, options, CancellationToken.None);
        _ = InMemoryTls.TryClientHandshakeAsync(client, InMemoryTls.ClientOptions(_pki.Ca));

        var thrown = await Assert.ThrowsAsync<InvalidDataException>(() => accepting.WaitAsync(Bound));
        Assert.Equal("no certificate configured", thrown.Message);
    }

    [Fact]
    public void AuthenticationOptions_CarryTheEdgeDefaults()
    {
        var options = TlsServerHandshake.CreateAuthenticationOptions(InMemoryTls.Options(_pki.Server(), Require()), "localhost");

        Assert.Equal(SslProtocols.Tls12 | SslProtocols.Tls13, options.EnabledSslProtocols);
        Assert.False(options.AllowRenegotiation);
        Assert.True(options.ClientCertificateRequired);
        Assert.NotNull(options.ServerCertificateContext);
        Assert.Null(options.CipherSuitesPolicy);
        Assert.All(TlsDefaults.AeadOnlySuites, suite => Assert.True(TlsDefaults.IsForwardSecret(suite) && !suite.ToString().Contains("CBC", StringComparison.Ordinal)));
        Assert.False(TlsDefaults.IsForwardSecret(TlsCipherSuite.TLS_RSA_WITH_AES_256_GCM_SHA384));
    }

    [Fact]
    public void FailureNames_AreCamelCase_OnePerFailure()
    {
        Assert.Equal(["timeout", "plainHttp", "notTls", "peerClosed", "clientCertificate", "protocol", "cancelled", "empty"], Enum.GetValues<TlsHandshakeFailure>().Select(TlsHandshakeFailureNames.Of));
        Assert.Same(TlsHandshakeFailureNames.Of(TlsHandshakeFailure.Timeout), TlsHandshakeFailureNames.Of(TlsHandshakeFailure.Timeout));
    }

    private ClientCertificatePolicy Require() => new(ClientCertificateMode.RequireCertificate, [_pki.Ca]);

    private static async Task AssertStillReadableAsync(InMemoryTls connection, string expected)
    {
        // Nothing new arrives: the bytes must be readable at once, as they were sent.
        var read = await connection.Server.Input.ReadAsync().AsTask().WaitAsync(Bound);
        Assert.Equal(expected, System.Text.Encoding.Latin1.GetString(read.Buffer.ToArray()));
        connection.Server.Input.AdvanceTo(read.Buffer.End);
    }

    /// <summary>A handshake of <paramref name="client"/> with the test server certificate, accepted; the caller disposes the result.</summary>
    private async Task<TlsHandshakeResult> AcceptedAsync(InMemoryTls connection, SslStream client)
    {
        var accepting = TlsServerHandshake.AcceptAsync(connection.Server, InMemoryTls.Options(_pki.Server()), CancellationToken.None);
        await client.AuthenticateAsClientAsync(InMemoryTls.ClientOptions(_pki.Ca)).WaitAsync(Bound);
        return await accepting.WaitAsync(Bound);
    }
}
