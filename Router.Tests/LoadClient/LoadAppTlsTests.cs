using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using static SoapRouter.Tests.LoadClient.LoadAppRun;

namespace SoapRouter.Tests.LoadClient;

/// <summary>
/// The client against the real BackendStub serving https and net.tcp over TLS with a test CA: every binding in both
/// modes with --ca, client certificates, and the refusals the pre-flight check turns into one line before the run.
/// </summary>
public sealed class LoadAppTlsTests
{
    private const int Requests = 40;
    private const int Concurrency = 2;

    public static TheoryData<string, string> EveryTlsTarget => new()
    {
        { "raw", WireBindingNames.BasicHttp },
        { "raw", WireBindingNames.Soap12Http },
        { "raw", WireBindingNames.BinaryHttp },
        { "wcf", WireBindingNames.BasicHttp },
        { "wcf", WireBindingNames.Soap12Http },
        { "wcf", WireBindingNames.BinaryHttp },
        { "wcf", WireBindingNames.NetTcp },
    };

    public static TheoryData<string, string> OneTargetPerStack => new()
    {
        { "raw", WireBindingNames.Soap12Http },
        { "wcf", WireBindingNames.BasicHttp },
        { "wcf", WireBindingNames.NetTcp },
    };

    [Theory]
    [MemberData(nameof(EveryTlsTarget))]
    public async Task Run_WithTheTestCa_Succeeds_AndCountsOneHandshakePerConnection(string client, string bindingName)
    {
        using var pki = new TestPki();
        await using var stub = await RunningStub.StartWithTlsAsync(pki);
        using var directory = new TempDirectory();
        var json = directory.File("r.json");

        // No warm-up: the connections are opened in the measured phase, so it shows their handshakes.
        var (exitCode, output, error) = await RunAsync([.. Target(client, bindingName, stub), "--ca", pki.CaPath, .. Small, "--warmup", "0", "--json", json]);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        var report = Report(json);
        Assert.Equal(Requests, report.GetProperty("ok").GetInt64());
        var measured = report.GetProperty("tlsHandshakes").GetInt64();
        var total = report.GetProperty("tlsHandshakesTotal").GetInt64();
        // One per connection, and a connection that resumes the pre-flight's TLS session may skip the check (below).
        Assert.InRange(measured, 0, Concurrency);
        Assert.Equal(measured * 1000.0 / Requests, report.GetProperty("tlsHandshakesPer1000Requests").GetDouble(), 3);

        // The pre-flight check's connection is one more.
        Assert.Equal(measured + 1, total);

        // The client counts a handshake at its check of the server's certificate, the stub when its own side ends (TLS 1.3:
        // after the client's Finished), so the stub's count follows a little later. And it can be higher: a connection
        // that resumes an earlier TLS session may skip the client's check (CI saw the stub at 3 against the client's 2,
        // wcf + binaryHttp, Concurrency 2). So: every handshake the client counted is one the stub completed, and at most
        // one per concurrent caller more.
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(10);
        long completed;
        while ((completed = (await stub.StatsAsync()).TlsHandshakes) < total && DateTime.UtcNow < deadline)
        {
            await Task.Delay(20);
        }

        Assert.True(completed >= total && completed <= total + Concurrency, $"the stub completed {completed} handshakes, the client counted {total} (measured {measured})");
        Assert.Contains($"tls            {measured} handshakes", output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(OneTargetPerStack))]
    public async Task Run_ClientCertificateRequiredAndPresented_Succeeds(string client, string bindingName)
    {
        using var pki = new TestPki();
        var partner = pki.Client("partner-a");
        await using var stub = await RunningStub.StartWithTlsAsync(pki, requireClientCertificates: true);

        var (exitCode, output, error) = await RunAsync(
            [.. Target(client, bindingName, stub), "--ca", pki.CaPath, "--client-cert", partner.CertPath, "--client-key", partner.KeyPath, .. Small]);

        ExitCodeAssert.Equal(0, exitCode, output + error);
        Assert.Contains($"{Requests}: {Requests} ok", output, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(OneTargetPerStack))]
    public async Task Run_ServerCertificateOfAnotherCa_IsOneLineBeforeTheRun(string client, string bindingName)
    {
        using var pki = new TestPki();
        using var other = new TestPki("Other CA");
        await using var stub = await RunningStub.StartWithTlsAsync(pki);

        var line = await RefusedBeforeTheRunAsync(stub, [.. Target(client, bindingName, stub), "--ca", other.CaPath]);

        Assert.Contains("does not chain to the trusted authorities", line, StringComparison.Ordinal);
        Assert.Contains("--ca", line, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(OneTargetPerStack))]
    public async Task Run_NameTheCertificateDoesNotCarry_IsOneLineBeforeTheRun(string client, string bindingName)
    {
        using var pki = new TestPki();
        await using var stub = await RunningStub.StartWithTlsAsync(pki);

        var line = await RefusedBeforeTheRunAsync(stub, [.. Target(client, bindingName, stub), "--ca", pki.CaPath, "--server-name", "other.example"]);

        Assert.Contains("is not for the name asked for", line, StringComparison.Ordinal);
        Assert.Contains("other.example", line, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(OneTargetPerStack))]
    public async Task Run_RequiredClientCertificateMissing_IsOneLineBeforeTheRun(string client, string bindingName)
    {
        using var pki = new TestPki();
        await using var stub = await RunningStub.StartWithTlsAsync(pki, requireClientCertificates: true);

        var line = await RefusedBeforeTheRunAsync(stub, [.. Target(client, bindingName, stub), "--ca", pki.CaPath]);

        Assert.Contains("client certificate (--client-cert, --client-key)", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_ClientCertificateOfAnotherCa_IsOneLineNamingIt()
    {
        using var pki = new TestPki();
        using var other = new TestPki("Other CA");
        var stranger = other.Client("stranger");
        await using var stub = await RunningStub.StartWithTlsAsync(pki, requireClientCertificates: true);

        var line = await RefusedBeforeTheRunAsync(
            stub, [.. Target("raw", WireBindingNames.Soap12Http, stub), "--ca", pki.CaPath, "--client-cert", stranger.CertPath, "--client-key", stranger.KeyPath]);

        Assert.Contains("accept the client certificate CN=stranger", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_HttpsUrlAtAPlainHttpPort_IsOneLineAskingWhetherItIsTls()
    {
        using var pki = new TestPki();
        await using var stub = await RunningStub.StartWithTlsAsync(pki);
        var url = new UriBuilder(stub.Address(WireBindings.Soap12Http)) { Scheme = Uri.UriSchemeHttps }.Uri.AbsoluteUri;

        var line = await RefusedBeforeTheRunAsync(stub, ["--url", url, "--binding", "soap12Http", "--ca", pki.CaPath]);

        Assert.Contains("failed before the server showed a certificate", line, StringComparison.Ordinal);
        Assert.Contains("is it a TLS endpoint", line, StringComparison.Ordinal);
    }

    /// <summary>Runs with <paramref name="args"/>, expecting exit code 1 with one line on stderr, before any request reached the stub; returns the line.</summary>
    private static async Task<string> RefusedBeforeTheRunAsync(RunningStub stub, string[] args)
    {
        var (exitCode, output, error) = await RunAsync([.. args, .. Small]);

        Assert.Equal(1, exitCode);
        Assert.DoesNotContain("throughput", output, StringComparison.Ordinal);
        Assert.Equal(0, (await stub.StatsAsync()).Requests);
        return Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
    }

    private static readonly string[] Small = ["--requests", $"{Requests}", "--concurrency", $"{Concurrency}", "--timeout", "20", "--quiet"];

    private static string[] Target(string client, string bindingName, RunningStub stub)
    {
        var binding = WireBindings.Get(bindingName);
        string[] target = ["--client", client, "--binding", bindingName, "--url", stub.SecureAddress(binding).AbsoluteUri];
        return binding.IsSession ? [.. target, "--tls"] : target;
    }
}
