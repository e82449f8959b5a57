using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Hosting;

/// <summary>
/// Issue 20 in the real router process: under a low open-file limit (prlimit), more connections opened to a listener
/// than the limit. The listeners stop accepting at limits.fileDescriptorReserve, so a keep-alive WCF client is answered
/// throughout, /health says degraded and why, the process lives, and once the connections close a new client (a new
/// connection) is served and /health is ok again. Without the reserve the router took the last descriptor and died
/// ("Out of memory.": the runtime could not start a thread).
/// </summary>
[Collection(FileDescriptorCollection.Name)]
public sealed class RouterFileDescriptorTests : IDisposable
{
    /// <summary>Soft and hard: the router's own files (its loaded assemblies among them) take about 220 of it.</summary>
    private const int OpenFileLimit = 512;

    /// <summary>Past the limit: the router takes what its reserve allows and its listen backlog queues the rest.</summary>
    private const int Flood = 700;

    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private static readonly TimeSpan ConnectTimeout = TimeSpan.FromSeconds(2);
    private readonly TempDirectory _directory = new();

    [LinuxFact]
    public Task HttpListener_MoreConnectionsThanTheOpenFileLimit_KeepAliveClientServedThroughout_NewConnectionServedAfter() =>
        FloodAsync(WireBindings.BasicHttp, "http://127.0.0.1:{0}/router/basic");

    [LinuxFact]
    public Task NetTcpListener_MoreConnectionsThanTheOpenFileLimit_SessionServedThroughout_NewConnectionServedAfter() =>
        FloodAsync(WireBindings.NetTcp, "net.tcp://127.0.0.1:{0}/router");

    public void Dispose() => _directory.Dispose();

    private async Task FloodAsync(WireBinding binding, string addressFormat)
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions());
        var adminPort = FreePort.Unused();
        var port = FreePort.Unused();
        var address = new Uri(string.Format(System.Globalization.CultureInfo.InvariantCulture, addressFormat, port));
        var path = _directory.File("router.json");
        var config = new RouterConfig
        {
            Listeners = [TestConfigs.Listener("flooded", binding.Name, address.AbsoluteUri)],
            Routes = [TestConfigs.Route("all", "stub", TestConfigs.MatchAll())],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["stub"] = TestConfigs.Cluster(TestConfigs.Destination("stub", binding.Name, stub.Address(binding).AbsoluteUri)),
            },
            Admin = new AdminConfig { Address = $"http://127.0.0.1:{adminPort}" },
        };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));
        using var router = RouterProcess.StartWithOpenFileLimit(OpenFileLimit, "--config", path);
        using var admin = new AdminClient(adminPort);
        await RouterProcess.PollHealthAsync(admin.Health, router, ProcessTimeout);

        using var keepAlive = StubWcfClient<IEchoService>.Create(binding, address);
        await using var calls = KeepCalling.Start(keepAlive.Channel);
        await calls.AnsweredAtLeastAsync(1, ProcessTimeout);

        var flood = await ConnectAsync(port, Flood);
        try
        {
            Assert.True(flood.Count > OpenFileLimit, $"only {flood.Count} of {Flood} connections were made");
            await Eventually.TrueAsync(
                async () => (await admin.HealthAsync()).Reasons.Any(reason => reason.Contains("limits.fileDescriptorReserve", StringComparison.Ordinal)),
                "/health never said the listeners hold back for the reserve", ProcessTimeout);
            using (var health = await admin.JsonAsync(admin.Health))
            {
                Assert.Equal("degraded", health.RootElement.GetProperty("status").GetString());
            }

            // Served while the flood is held: the keep-alive client's calls go on.
            await calls.AnsweredAtLeastAsync(calls.Answered + 5, ProcessTimeout);
            using var stats = await admin.JsonAsync(admin.Stats);
            Assert.Equal(OpenFileLimit, stats.RootElement.GetProperty("fileDescriptors").GetProperty("limit").GetInt64());
            var listener = stats.RootElement.GetProperty("listeners").GetProperty("flooded");
            Assert.True(listener.GetProperty("reservePauses").GetInt64() >= 1, listener.ToString());
            Assert.False(router.HasExited, router.Output);
        }
        finally
        {
            foreach (var socket in flood)
            {
                socket.Dispose();
            }
        }

        await calls.StopAsync();
        Assert.False(router.HasExited, router.Output);

        // A new client is a new connection: accepted once the flood's descriptors are back.
        await Eventually.TrueAsync(async () => await EchoesOnNewConnectionAsync(binding, address), "no new connection was served after the flood", ProcessTimeout);
        await Eventually.TrueAsync(async () => (await admin.HealthAsync()).Status == "ok", "/health stayed degraded after the flood", ProcessTimeout);
        Assert.DoesNotContain("Out of memory", router.Output, StringComparison.Ordinal);
    }

    private static async Task<bool> EchoesOnNewConnectionAsync(WireBinding binding, Uri address)
    {
        using var client = StubWcfClient<IEchoService>.Create(binding, address);
        try
        {
            return (await client.Channel.EchoAsync(new EchoPayload { Text = "after" })).Text == "after";
        }
        catch (System.ServiceModel.CommunicationException)
        {
            return false;
        }
        catch (TimeoutException)
        {
            return false;
        }
    }

    /// <summary>Opens <paramref name="count"/> idle connections at once; those the listen backlog has no room for time out and are left out.</summary>
    private static async Task<List<Socket>> ConnectAsync(int port, int count)
    {
        var attempts = await Task.WhenAll(Enumerable.Range(0, count).Select(async _ =>
        {
            var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            using var timeout = new CancellationTokenSource(ConnectTimeout);
            try
            {
                await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port), timeout.Token);
                return socket;
            }
            catch (Exception ex) when (ex is SocketException or OperationCanceledException)
            {
                socket.Dispose();
                return null;
            }
        }));
        return [.. attempts.OfType<Socket>()];
    }

    /// <summary>One WCF channel calling Echo back to back on its one connection until stopped; a failed call fails the test.</summary>
    private sealed class KeepCalling : IAsyncDisposable
    {
        private readonly CancellationTokenSource _stop = new();
        private Task _loop = Task.CompletedTask;
        private int _answered;

        public int Answered => Volatile.Read(ref _answered);

        public static KeepCalling Start(IEchoService channel)
        {
            var calling = new KeepCalling();
            calling._loop = calling.LoopAsync(channel);
            return calling;
        }

        public Task AnsweredAtLeastAsync(int count, TimeSpan within) =>
            Eventually.TrueAsync(
                () => _loop.IsFaulted ? throw _loop.Exception!.InnerException! : Task.FromResult(Answered >= count),
                $"the keep-alive client got {Answered} answers, not {count}", within);

        public async Task StopAsync()
        {
            await _stop.CancelAsync();
            await _loop;
        }

        public async ValueTask DisposeAsync()
        {
            await _stop.CancelAsync();
            await _loop.ContinueWith(static _ => { }, TaskScheduler.Default);
            _stop.Dispose();
        }

        private async Task LoopAsync(IEchoService channel)
        {
            await Task.Yield();
            while (!_stop.IsCancellationRequested)
            {
                var text = $"keep-alive {Answered}";
                Assert.Equal(text, (await channel.EchoAsync(new EchoPayload { Text = text })).Text);
                Interlocked.Increment(ref _answered);
            }
        }
    }

    /// <summary>The router's admin endpoint.</summary>
    private sealed class AdminClient(int port) : IDisposable
    {
        private readonly HttpClient _http = new() { Timeout = TimeSpan.FromSeconds(5) };

        public Uri Health { get; } = new($"http://127.0.0.1:{port}/health");

        public Uri Stats { get; } = new($"http://127.0.0.1:{port}/stats");

        public async Task<JsonDocument> JsonAsync(Uri uri) => JsonDocument.Parse(await _http.GetStringAsync(uri));

        public async Task<(string Status, IReadOnlyList<string> Reasons)> HealthAsync()
        {
            using var health = await JsonAsync(Health);
            var reasons = health.RootElement.TryGetProperty("reasons", out var list)
                ? list.EnumerateArray().Select(reason => reason.GetString() ?? "").ToList()
                : [];
            return (health.RootElement.GetProperty("status").GetString() ?? "", reasons);
        }

        public void Dispose() => _http.Dispose();
    }
}
