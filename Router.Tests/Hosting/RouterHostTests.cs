using System.Net;
using System.Text.Json;
using Microsoft.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Hosting;

/// <summary>The composed router in-process: a real config file, a real admin endpoint, real hot reload.</summary>
public sealed class RouterHostTests : IAsyncLifetime, IDisposable
{
    private static readonly HttpClient Client = new() { Timeout = TimeSpan.FromSeconds(10) };
    private static readonly TimeSpan EventTimeout = TimeSpan.FromSeconds(15);

    private readonly TempDirectory _directory = new();
    private readonly CapturingLogger<RouterConfigProvider> _providerLogger = new();
    private readonly LoggerFactory _loggerFactory = new();
    private RouterConfigProvider _provider = null!;
    private RouterHost _host = null!;

    private string ConfigFile => _directory.File("router.json");

    public async Task InitializeAsync()
    {
        await File.WriteAllTextAsync(ConfigFile, TestConfigs.ToJson(ConfigWithRoutes("all")));
        _provider = new RouterConfigProvider(ConfigFile, _providerLogger, TimeProvider.System, TimeSpan.FromMilliseconds(50));
        _host = new RouterHost(_provider, _loggerFactory, TimeProvider.System, new Random(7));
        await _host.StartAsync();
    }

    public async Task DisposeAsync() => await _host.DisposeAsync();

    public void Dispose()
    {
        _provider.Dispose();
        _loggerFactory.Dispose();
        _directory.Dispose();
    }

    [Fact]
    public async Task Start_ServesHealthWithTheLoadedConfigVersion()
    {
        using var health = await GetJsonAsync("/health");

        Assert.Equal("ok", health.RootElement.GetProperty("status").GetString());
        Assert.Equal(1, health.RootElement.GetProperty("configVersion").GetInt64());
    }

    [Fact]
    public async Task Reload_ValidEdit_SwapsRoutesAndClustersTogetherAndKeepsTheOldStateIntact()
    {
        var before = _host.Runtime.State;
        var changed = NextState();

        await File.WriteAllTextAsync(ConfigFile, TestConfigs.ToJson(ConfigWithRoutes("first", "second")));
        var after = await changed.WaitAsync(EventTimeout);

        Assert.Equal(2, after.Snapshot.Version);
        Assert.Equal(["first", "second"], after.Routes.Routes.Select(r => r.Name));
        Assert.Same(after, _host.Runtime.State);
        Assert.Equal(["all"], before.Routes.Routes.Select(r => r.Name));
        using var health = await GetJsonAsync("/health");
        Assert.Equal(2, health.RootElement.GetProperty("configVersion").GetInt64());
    }

    [Fact]
    public async Task Reload_UnchangedDestination_KeepsItsCounters()
    {
        var destination = _host.Runtime.State.Clusters["echo"].Primaries[0];
        destination.BeginRequest();
        var changed = NextState();

        await File.WriteAllTextAsync(ConfigFile, TestConfigs.ToJson(ConfigWithRoutes("renamed")));
        var after = await changed.WaitAsync(EventTimeout);

        Assert.Same(destination, after.Clusters["echo"].Primaries[0]);
        Assert.Equal(1, after.Clusters["echo"].Primaries[0].InFlight);
    }

    [Fact]
    public async Task Reload_InvalidEdit_KeepsTheRunningState()
    {
        var before = _host.Runtime.State;
        var rejected = _providerLogger.WaitFor(LogLevel.Warning, "routes[0].cluster");

        var broken = ConfigWithRoutes("all") with { Routes = [TestConfigs.Route("all", "no-such-cluster", TestConfigs.MatchAll())] };
        await File.WriteAllTextAsync(ConfigFile, TestConfigs.ToJson(broken));
        await rejected.WaitAsync(EventTimeout);

        Assert.Same(before, _host.Runtime.State);
        using var health = await GetJsonAsync("/health");
        Assert.Equal(1, health.RootElement.GetProperty("configVersion").GetInt64());
    }

    [Fact]
    public async Task Admin_IsServedOnlyOnItsOwnAddress_AndSoapOnlyOnTheListeners()
    {
        // One host serves both; the endpoint a request arrives on decides, never its path.
        using var statsOnListener = await Client.GetAsync(new Uri(_host.Listeners.BoundAddresses["basic"], "/stats"));
        using var soapOnAdmin = await Client.PostAsync(
            new Uri(_host.AdminAddress!, "/router/basic"), new StringContent("<x/>", System.Text.Encoding.UTF8, "text/xml"));

        Assert.Equal(HttpStatusCode.NotFound, statsOnListener.StatusCode);
        Assert.Equal(HttpStatusCode.MethodNotAllowed, soapOnAdmin.StatusCode);
    }

    [Fact]
    public async Task Start_AdminPortTaken_ThrowsIOException()
    {
        var taken = ConfigWithRoutes("all") with { Admin = new AdminConfig { Address = $"http://127.0.0.1:{_host.AdminAddress!.Port}" } };
        using var directory = new TempDirectory();
        var file = directory.File("router.json");
        await File.WriteAllTextAsync(file, TestConfigs.ToJson(taken));
        using var provider = new RouterConfigProvider(file, _providerLogger, TimeProvider.System, TimeSpan.FromMilliseconds(50));
        await using var second = new RouterHost(provider, _loggerFactory, TimeProvider.System);

        await Assert.ThrowsAnyAsync<IOException>(() => second.StartAsync());
    }

    private static RouterConfig ConfigWithRoutes(params string[] routeNames) => TestConfigs.Valid() with
    {
        // Port 0: the listeners really bind now, and a fixed port could be taken on the test machine.
        Listeners = [TestConfigs.Listener("basic", WireBindingNames.BasicHttp, "http://127.0.0.1:0/router/basic")],
        Routes = [.. routeNames.Select(name => TestConfigs.Route(name, "echo", TestConfigs.MatchAll()))],
        Admin = new AdminConfig { Address = "http://127.0.0.1:0" },
    };

    private Task<RouterState> NextState()
    {
        var next = new TaskCompletionSource<RouterState>(TaskCreationOptions.RunContinuationsAsynchronously);
        _host.Runtime.StateChanged += (_, state) => next.TrySetResult(state);
        return next.Task;
    }

    private async Task<JsonDocument> GetJsonAsync(string path)
    {
        using var response = await Client.GetAsync(new Uri(_host.AdminAddress!, path));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return await JsonDocument.ParseAsync(await response.Content.ReadAsStreamAsync());
    }
}
