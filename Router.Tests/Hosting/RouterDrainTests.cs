using System.Net;
using System.Net.Sockets;
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
/// <c>docker stop</c> on a busy router: the real process gets SIGTERM while WCF clients wait for a slow backend, over
/// HTTP and on a net.tcp session; every message in flight is answered, new connections are refused, and it exits 0.
/// </summary>
public sealed class RouterDrainTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private const int CallsPerClient = 3;
    private readonly TempDirectory _directory = new();

    [LinuxFact]
    public async Task Sigterm_WithMessagesInFlight_AnswersThemRefusesNewConnectionsAndExitsZero()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Latency = TimeSpan.FromSeconds(1.5) });
        var adminPort = FreePort.Unused();
        var httpPort = FreePort.Unused();
        var tcpPort = FreePort.Unused();
        var path = _directory.File("router.json");
        var config = new RouterConfig
        {
            Listeners =
            [
                TestConfigs.Listener("basic", WireBindingNames.BasicHttp, $"http://127.0.0.1:{httpPort}/router/basic"),
                TestConfigs.Listener("tcp", WireBindingNames.NetTcp, $"net.tcp://127.0.0.1:{tcpPort}/router"),
            ],
            Routes =
            [
                TestConfigs.Route("http", "http", TestConfigs.Address("/router/basic")),
                TestConfigs.Route("tcp", "tcp", TestConfigs.Address("/router")),
            ],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["http"] = TestConfigs.Cluster(TestConfigs.Destination("stub-http", WireBindingNames.BasicHttp, stub.Address(WireBindings.BasicHttp).AbsoluteUri)),
                ["tcp"] = TestConfigs.Cluster(TestConfigs.Destination("stub-tcp", WireBindingNames.NetTcp, stub.Address(WireBindings.NetTcp).AbsoluteUri)),
            },
            Admin = new AdminConfig { Address = $"http://127.0.0.1:{adminPort}" },
            Shutdown = new ShutdownConfig { DrainTimeout = TimeSpan.FromSeconds(30) },
        };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));

        using var router = RouterProcess.Start("--config", path);
        await RouterProcess.PollHealthAsync(new Uri($"http://127.0.0.1:{adminPort}/health"), router, ProcessTimeout);
        using var http = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, new Uri($"http://127.0.0.1:{httpPort}/router/basic"));
        using var tcp = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, new Uri($"net.tcp://127.0.0.1:{tcpPort}/router"));
        var calls = new List<(string Text, Task<EchoPayload> Reply)>();
        for (var i = 0; i < CallsPerClient; i++)
        {
            calls.Add(($"http-{i}", http.Channel.EchoAsync(new EchoPayload { Text = $"http-{i}" })));
            calls.Add(($"tcp-{i}", tcp.Channel.EchoAsync(new EchoPayload { Text = $"tcp-{i}" })));
        }

        // Every call has reached the backend (which holds each for its latency) before the signal.
        await Eventually.TrueAsync(
            () => Task.FromResult(stub.Host.Statistics.Snapshot().Requests >= calls.Count || calls.Exists(c => c.Reply.IsFaulted)),
            "the calls never reached the backend", ProcessTimeout);
        Assert.DoesNotContain(calls, c => c.Reply.IsFaulted);
        router.Terminate();

        await Eventually.TrueAsync(() => IsRefusedAsync(httpPort), "the HTTP listener kept accepting after SIGTERM", ProcessTimeout);
        await Eventually.TrueAsync(() => IsRefusedAsync(tcpPort), "the net.tcp listener kept accepting after SIGTERM", ProcessTimeout);
        foreach (var (text, reply) in calls)
        {
            var answer = await reply.WaitAsync(ProcessTimeout);
            Assert.Equal(text, answer.Text);
        }

        Assert.Equal(0, await router.WaitForExitAsync(ProcessTimeout));
        Assert.Contains("Draining: no new connections", router.Output, StringComparison.Ordinal);
        Assert.Contains("every message in flight was answered", router.Output, StringComparison.Ordinal);
    }

    public void Dispose() => _directory.Dispose();

    private static async Task<bool> IsRefusedAsync(int port)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port));
            return false;
        }
        catch (SocketException ex) when (ex.SocketErrorCode == SocketError.ConnectionRefused)
        {
            return true;
        }
    }
}
