using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Telemetry;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

/// <summary>
/// The whole router in-process (config file, RouterHost, admin, listeners on 127.0.0.1:0) for listener tests, with
/// three listeners: "basic", "soap12" and "binary", and every log entry captured.
/// </summary>
internal sealed class ListeningRouter : IAsyncDisposable
{
    private readonly TempDirectory _directory;
    private readonly RouterConfigProvider _provider;
    private readonly LoggerFactory _loggerFactory;

    private ListeningRouter(TempDirectory directory, RouterConfigProvider provider, LoggerFactory loggerFactory, RouterHost host, CapturingLogger<ListeningRouter> log)
    {
        _directory = directory;
        _provider = provider;
        _loggerFactory = loggerFactory;
        Host = host;
        Log = log;
    }

    /// <summary>The running router.</summary>
    public RouterHost Host { get; }

    /// <summary>Every log entry of every category.</summary>
    public CapturingLogger<ListeningRouter> Log { get; }

    /// <summary>The router's counters.</summary>
    public RouterStatistics Statistics => Host.Statistics;

    /// <summary>The config file, for reload tests.</summary>
    public string ConfigFile => _directory.File("router.json");

    /// <summary>The three standard listeners on one port-0 endpoint.</summary>
    public static IReadOnlyList<ListenerConfig> StandardListeners { get; } =
    [
        TestConfigs.Listener("basic", WireBindingNames.BasicHttp, "http://127.0.0.1:0/router/basic"),
        TestConfigs.Listener("soap12", WireBindingNames.Soap12Http, "http://127.0.0.1:0/router/soap12"),
        TestConfigs.Listener("binary", WireBindingNames.BinaryHttp, "http://127.0.0.1:0/router/binary"),
    ];

    /// <summary>A config with the standard listeners, <paramref name="routes"/> and <paramref name="clusters"/>.</summary>
    public static RouterConfig Config(RouteConfig[] routes, Dictionary<string, ClusterConfig> clusters, LimitsConfig? limits = null) => new()
    {
        Listeners = StandardListeners,
        Routes = routes,
        Clusters = clusters,
        Limits = limits ?? new LimitsConfig(),
        Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
    };

    /// <summary>A config of its own <paramref name="listeners"/>, <paramref name="routes"/> and <paramref name="clusters"/>, with an admin endpoint on a free port.</summary>
    public static RouterConfig Config(IReadOnlyList<ListenerConfig> listeners, IReadOnlyList<RouteConfig> routes, Dictionary<string, ClusterConfig> clusters) => new()
    {
        Listeners = listeners,
        Routes = routes,
        Clusters = clusters,
        Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
    };

    /// <summary>A cluster of <paramref name="binding"/> destinations named d1, d2... at <paramref name="addresses"/>.</summary>
    public static ClusterConfig Cluster(string binding, string[] addresses, string[]? backups = null, TimeSpan? requestTimeout = null, string prefix = "d") => new()
    {
        Destinations = Destinations(prefix, binding, addresses),
        Backups = Destinations(prefix + "-backup", binding, backups ?? []),
        RequestTimeout = requestTimeout ?? TimeSpan.FromSeconds(30),
        ConnectTimeout = TimeSpan.FromSeconds(5),
    };

    /// <summary>One catch-all route "all" to cluster "c" made of <paramref name="cluster"/>.</summary>
    public static RouterConfig CatchAll(ClusterConfig cluster, LimitsConfig? limits = null) =>
        Config([TestConfigs.Route("all", "c", TestConfigs.MatchAll())], new() { ["c"] = cluster }, limits);

    /// <summary>
    /// Starts the router on <paramref name="config"/>; <paramref name="probesTcp"/> false: listeners time request arrivals
    /// instead of reading TCP_INFO. The router's own lines are captured from <paramref name="minLevel"/> (Trace by
    /// default; Information, the router's default, where a test measures what it costs).
    /// </summary>
    public static async Task<ListeningRouter> StartAsync(RouterConfig config, bool probesTcp = true, LogLevel minLevel = LogLevel.Trace)
    {
        var directory = new TempDirectory();
        var file = directory.File("router.json");
        await File.WriteAllTextAsync(file, TestConfigs.ToJson(config));
        var log = new CapturingLogger<ListeningRouter>();
        // As the router's Program does: ASP.NET Core's own lines (one per request at Information) only from Warning.
        var filter = new LoggerFilterOptions { MinLevel = minLevel };
        filter.Rules.Add(new LoggerFilterRule(providerName: null, categoryName: "Microsoft", LogLevel.Warning, filter: null));
        var loggerFactory = new LoggerFactory([new SharedLoggerProvider(log)], filter);
        var provider = new RouterConfigProvider(file, loggerFactory.CreateLogger<RouterConfigProvider>(), TimeProvider.System, TimeSpan.FromMilliseconds(50));
        var host = new RouterHost(provider, loggerFactory, TimeProvider.System, new Random(3), probesTcp: probesTcp);
        await host.StartAsync();
        return new ListeningRouter(directory, provider, loggerFactory, host, log);
    }

    /// <summary>The bound address of listener <paramref name="name"/>.</summary>
    public Uri Address(string name) => Host.Listeners.BoundAddresses[name];

    /// <summary>Writes <paramref name="config"/> to the router's file and returns the state once the router has taken it (its own reload handlers have run).</summary>
    public async Task<RouterState> ReloadAsync(RouterConfig config)
    {
        var changed = new TaskCompletionSource<RouterState>(TaskCreationOptions.RunContinuationsAsynchronously);
        Host.Runtime.StateChanged += (_, state) => changed.TrySetResult(state);
        await File.WriteAllTextAsync(ConfigFile, TestConfigs.ToJson(config));
        return await changed.Task.WaitAsync(TimeSpan.FromSeconds(15));
    }

    public async ValueTask DisposeAsync()
    {
        await Host.DisposeAsync();
        _provider.Dispose();
        _loggerFactory.Dispose();
        _directory.Dispose();
    }

    private static DestinationConfig[] Destinations(string prefix, string binding, string[] addresses)
    {
        var destinations = new DestinationConfig[addresses.Length];
        for (var i = 0; i < addresses.Length; i++)
        {
            destinations[i] = new DestinationConfig { Name = $"{prefix}{i + 1}", Address = addresses[i], Binding = binding };
        }

        return destinations;
    }

    /// <summary>Hands every category the same capturing logger.</summary>
    private sealed class SharedLoggerProvider(CapturingLogger<ListeningRouter> logger) : ILoggerProvider
    {
        public ILogger CreateLogger(string categoryName) => logger;

        public void Dispose()
        {
        }
    }
}
