using System.Net.Http.Json;
using System.Text.Json;
using BackendStub.Hosting;
using BackendStub.Service;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.BackendStub;

/// <summary>An in-process <see cref="StubHost"/> on a loopback port of the OS's choosing, with a client to call it.</summary>
internal sealed class RunningStub : IAsyncDisposable
{
    private RunningStub(StubHost host)
    {
        Host = host;
    }

    /// <summary>The running host.</summary>
    public StubHost Host { get; }

    /// <summary>A client for the stub (or anything else on loopback).</summary>
    public HttpClient Client { get; } = new() { Timeout = TimeSpan.FromSeconds(30) };

    /// <summary>
    /// Starts a stub with <paramref name="options"/> (default options otherwise), always on port 0; with a TCP port
    /// asked for (any value), net.tcp on another port of the OS's choosing.
    /// </summary>
    public static async Task<RunningStub> StartAsync(StubOptions? options = null, TimeProvider? timeProvider = null)
    {
        options ??= new StubOptions();
        var host = new StubHost(
            options with
            {
                HttpPort = 0,
                TcpPort = options.TcpPort is null ? null : 0,
                HttpsPort = options.HttpsPort is null ? null : 0,
                TcpTlsPort = options.TcpTlsPort is null ? null : 0,
            },
            timeProvider);
        await host.StartAsync();
        return new RunningStub(host);
    }

    /// <summary>Starts a stub serving net.tcp too, with <paramref name="options"/> otherwise.</summary>
    public static Task<RunningStub> StartWithNetTcpAsync(StubOptions? options = null, TimeProvider? timeProvider = null) =>
        StartAsync((options ?? new StubOptions()) with { TcpPort = 0 }, timeProvider);

    /// <summary>
    /// Starts a stub serving HTTPS and net.tcp over TLS too, with a server certificate (localhost, 127.0.0.1) from
    /// <paramref name="pki"/>; with <paramref name="requireClientCertificates"/>, client certificates from that CA are
    /// required on both TLS ports.
    /// </summary>
    public static Task<RunningStub> StartWithTlsAsync(TestPki pki, bool requireClientCertificates = false, StubOptions? options = null)
    {
        var server = pki.Server();
        return StartAsync((options ?? new StubOptions()) with
        {
            HttpsPort = 0,
            TcpTlsPort = 0,
            CertificatePath = server.CertPath,
            CertificateKeyPath = server.KeyPath,
            ClientCertificateAuthoritiesPath = requireClientCertificates ? pki.CaPath : null,
        });
    }

    /// <summary>The bound address of the endpoint speaking <paramref name="binding"/> over TLS (https, or the net.tcp TLS port).</summary>
    public Uri SecureAddress(WireBinding binding) => Host.SecureAddressOf(binding);

    /// <summary>The bound address of the endpoint speaking <paramref name="binding"/> (netTcp included, when served).</summary>
    public Uri Address(WireBinding binding) => Host.AddressOf(binding);

    /// <summary>Sends <paramref name="request"/> to its binding's endpoint.</summary>
    public Task<StubReply> SendAsync(StubRequest request) => Client.SendAsync(Address(request.Binding), request);

    /// <summary>GET /stub/stats, read as the stub wrote it.</summary>
    public async Task<StubStatsSnapshot> StatsAsync() =>
        await Client.GetFromJsonAsync<StubStatsSnapshot>(Host.AddressOf(StubHost.StatsName), JsonSerializerOptions.Web)
        ?? throw new InvalidOperationException("empty stats");

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await Host.DisposeAsync();
    }
}
