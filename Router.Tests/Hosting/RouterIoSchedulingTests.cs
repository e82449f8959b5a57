using BackendStub.Hosting;
using Samples.Contracts;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Tests.BackendStub;
using SoapRouter.Tests.BackendStub.Wcf;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Hosting;

/// <summary>
/// limits.inlineIo in the real router process: by default its socket completions run on the event threads (one per
/// core, where the thread-pool mode has one), and every path that moves work off them (large messages, compressed
/// replies, re-encoding, net.tcp sessions) answers real WCF clients; inlineIo false or the runtime's own variable
/// keep the thread pool.
/// </summary>
public sealed class RouterIoSchedulingTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);

    /// <summary>The name the runtime gives its socket event threads (/proc/PID/task/*/comm).</summary>
    private const string SocketThreadName = ".NET Sockets";

    private readonly TempDirectory _directory = new();

    [LinuxFact]
    public async Task Default_CompletionsRunInline_AndEveryKindOfWorkIsAnswered()
    {
        // The stub compresses its replies when the router's Accept-Encoding allows: the router decodes them off the event thread.
        var stubCompression = new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.Zstd] };
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions { Compression = stubCompression });
        var ports = new Ports();
        var path = await WriteConfigAsync(stub, ports, inlineIo: null);

        // The variable is removed so the config decides, whatever the test process runs with.
        using var router = RouterProcess.Start(Without(IoScheduling.InlineCompletionsVariable), "--config", path);
        await RouterProcess.PollHealthAsync(ports.Health, router, ProcessTimeout);

        Assert.Contains("I/O completions run inline on the socket event threads (limits.inlineIo)", router.Output, StringComparison.Ordinal);
        Assert.Equal(Environment.ProcessorCount, SocketThreads(router.Id));
        await CallEveryPathAsync(ports);

        // The large replies came back compressed and were decoded (the step that leaves the event thread first).
        using var http = new HttpClient();
        using var stats = System.Text.Json.JsonDocument.Parse(await http.GetStringAsync(new Uri($"http://127.0.0.1:{ports.Admin}/stats")));
        var link = stats.RootElement.GetProperty("compression").GetProperty("destination:stub-basic");
        Assert.True(link.GetProperty("decompressed").GetInt64() >= 1, link.ToString());
    }

    [LinuxFact]
    public async Task InlineIoFalse_CompletionsStayOnTheThreadPool()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions());
        var ports = new Ports();
        var path = await WriteConfigAsync(stub, ports, inlineIo: false);

        using var router = RouterProcess.Start(Without(IoScheduling.InlineCompletionsVariable), "--config", path);
        await RouterProcess.PollHealthAsync(ports.Health, router, ProcessTimeout);

        Assert.Contains("I/O completions run on the thread pool (limits.inlineIo)", router.Output, StringComparison.Ordinal);
        Assert.Equal(ThreadPoolModeSocketThreads, SocketThreads(router.Id));
        await CallEveryPathAsync(ports);
    }

    [LinuxFact]
    public async Task RuntimeVariableSet_WinsOverTheConfig()
    {
        await using var stub = await RunningStub.StartWithNetTcpAsync(new StubOptions());
        var ports = new Ports();
        var path = await WriteConfigAsync(stub, ports, inlineIo: true);

        using var router = RouterProcess.Start(
            new Dictionary<string, string?> { [IoScheduling.InlineCompletionsVariable] = "0" }, "--config", path);
        await RouterProcess.PollHealthAsync(ports.Health, router, ProcessTimeout);

        Assert.Contains(
            $"I/O completions run on the thread pool ({IoScheduling.InlineCompletionsVariable} is set)", router.Output, StringComparison.Ordinal);
        Assert.Equal(ThreadPoolModeSocketThreads, SocketThreads(router.Id));
    }

    public void Dispose() => _directory.Dispose();

    /// <summary>The runtime's socket engine count without inline completions: one per 30 cores, at least one.</summary>
    private static int ThreadPoolModeSocketThreads => Math.Max(1, (int)Math.Round(Environment.ProcessorCount / 30.0));

    private static Dictionary<string, string?> Without(string variable) => new() { [variable] = null };

    private static int SocketThreads(int pid) =>
        Directory.GetDirectories($"/proc/{pid}/task").Count(task => File.ReadAllText(Path.Combine(task, "comm")).Trim() == SocketThreadName);

    /// <summary>
    /// Small and large (past the 16 KB inline limit) messages on the verbatim path (with compressed replies), a
    /// re-encoded path (SOAP 1.2 text to msbin1), a net.tcp session to an HTTP destination and msbin1 to a net.tcp
    /// destination (the router's pooled WCF session channels), each with a real WCF client; the replies are the stub's.
    /// </summary>
    private static async Task CallEveryPathAsync(Ports ports)
    {
        var large = string.Concat(Enumerable.Repeat("a compressible order line ", 4000));
        using var basic = StubWcfClient<IEchoService>.Create(WireBindings.BasicHttp, new Uri($"http://127.0.0.1:{ports.Http}/router/basic"));
        using var soap12 = StubWcfClient<IEchoService>.Create(WireBindings.Soap12Http, new Uri($"http://127.0.0.1:{ports.Http}/router/soap12"));
        using var tcp = StubWcfClient<IEchoService>.Create(WireBindings.NetTcp, new Uri($"net.tcp://127.0.0.1:{ports.Tcp}/router"));
        using var binary = StubWcfClient<IEchoService>.Create(WireBindings.BinaryHttp, new Uri($"http://127.0.0.1:{ports.Http}/router/binary"));
        foreach (var text in new[] { "small", large })
        {
            Assert.Equal(text, (await basic.Channel.EchoAsync(new EchoPayload { Text = text })).Text);
            Assert.Equal(text, (await soap12.Channel.EchoAsync(new EchoPayload { Text = text })).Text);
            Assert.Equal(text, (await tcp.Channel.EchoAsync(new EchoPayload { Text = text })).Text);
            Assert.Equal(text, (await binary.Channel.EchoAsync(new EchoPayload { Text = text })).Text);
        }

        // Many at once on each path, so the event threads carry more than one message at a time.
        var calls = Enumerable.Range(0, 20).SelectMany(i => new[]
        {
            (Text: $"b{i}", Reply: basic.Channel.EchoAsync(new EchoPayload { Text = $"b{i}" })),
            (Text: $"s{i}", Reply: soap12.Channel.EchoAsync(new EchoPayload { Text = $"s{i}" })),
            (Text: $"t{i}", Reply: tcp.Channel.EchoAsync(new EchoPayload { Text = $"t{i}" })),
            (Text: $"n{i}", Reply: binary.Channel.EchoAsync(new EchoPayload { Text = $"n{i}" })),
        }).ToList();
        foreach (var (text, reply) in calls)
        {
            Assert.Equal(text, (await reply.WaitAsync(ProcessTimeout)).Text);
        }
    }

    private async Task<string> WriteConfigAsync(RunningStub stub, Ports ports, bool? inlineIo)
    {
        var path = _directory.File("router.json");
        var basicDestination = TestConfigs.Destination("stub-basic", WireBindingNames.BasicHttp, stub.Address(WireBindings.BasicHttp).AbsoluteUri) with
        {
            // The router asks for compressed replies on this link; the stub sends them.
            Compression = new CompressionOptions { Mode = LinkCompressionMode.Always, Codecs = [CompressionCodecNames.Zstd] },
        };
        var config = new RouterConfig
        {
            Listeners =
            [
                TestConfigs.Listener("basic", WireBindingNames.BasicHttp, $"http://127.0.0.1:{ports.Http}/router/basic"),
                TestConfigs.Listener("soap12", WireBindingNames.Soap12Http, $"http://127.0.0.1:{ports.Http}/router/soap12"),
                TestConfigs.Listener("tcp", WireBindingNames.NetTcp, $"net.tcp://127.0.0.1:{ports.Tcp}/router"),
                TestConfigs.Listener("binary", WireBindingNames.BinaryHttp, $"http://127.0.0.1:{ports.Http}/router/binary"),
            ],
            Routes =
            [
                TestConfigs.Route("basic", "basic", TestConfigs.Address("/router/basic")),
                TestConfigs.Route("soap12", "binary", TestConfigs.Address("/router/soap12")),
                TestConfigs.Route("tcp", "basic-plain", TestConfigs.Address("/router")),
                TestConfigs.Route("binary", "nettcp", TestConfigs.Address("/router/binary")),
            ],
            Clusters = new Dictionary<string, ClusterConfig>
            {
                ["basic"] = TestConfigs.Cluster(basicDestination),
                ["basic-plain"] = TestConfigs.Cluster(
                    TestConfigs.Destination("stub-basic-plain", WireBindingNames.BasicHttp, stub.Address(WireBindings.BasicHttp).AbsoluteUri)),
                ["nettcp"] = TestConfigs.Cluster(
                    TestConfigs.Destination("stub-nettcp", WireBindingNames.NetTcp, stub.Address(WireBindings.NetTcp).AbsoluteUri)),
                ["binary"] = TestConfigs.Cluster(
                    TestConfigs.Destination("stub-binary", WireBindingNames.BinaryHttp, stub.Address(WireBindings.BinaryHttp).AbsoluteUri)),
            },
            Admin = new AdminConfig { Address = $"http://127.0.0.1:{ports.Admin}" },
            Limits = inlineIo is { } value ? new LimitsConfig { InlineIo = value } : new LimitsConfig(),
        };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));
        return path;
    }

    private sealed class Ports
    {
        public int Admin { get; } = FreePort.Unused();

        public int Http { get; } = FreePort.Unused();

        public int Tcp { get; } = FreePort.Unused();

        public Uri Health => new($"http://127.0.0.1:{Admin}/health");
    }
}
