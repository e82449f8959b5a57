using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Hosting;

/// <summary>The router as operators run it: a real process, a real config file, a real signal.</summary>
public sealed class RouterProcessTests : IDisposable
{
    private static readonly TimeSpan ProcessTimeout = TimeSpan.FromSeconds(60);
    private readonly TempDirectory _directory = new();

    [Fact]
    public async Task Start_InvalidConfig_RefusesToStartAndPrintsEveryError()
    {
        var path = _directory.File("router.json");
        await File.WriteAllTextAsync(path, """
            { "listeners": [ { "name": "a", "binding": "soap", "address": "http://127.0.0.1:1/a" } ],
              "routes": [],
              "clusters": { "c": { "destinatons": [] } },
              "limits": { "maxMessageSize": -1 } }
            """);

        using var router = RouterProcess.Start("--config", path);
        var exitCode = await router.WaitForExitAsync(ProcessTimeout);

        Assert.Equal(2, exitCode);
        Assert.Contains("clusters.c.destinatons: unknown property", router.Output, StringComparison.Ordinal);
        Assert.Contains("listeners[0].binding: unknown binding 'soap'", router.Output, StringComparison.Ordinal);
        Assert.Contains("routes: at least one route is required", router.Output, StringComparison.Ordinal);
        Assert.Contains("limits.maxMessageSize: must be greater than 0", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", router.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Check_ShippedConfigs_AreValid()
    {
        using var docker = new DockerRouterJsonCopy();
        foreach (var path in new[] { RepositoryPaths.RouterJson, docker.Path })
        {
            using var router = RouterProcess.Start("--config", path, "--check");

            Assert.Equal(0, await router.WaitForExitAsync(ProcessTimeout));
            Assert.Contains(": valid", router.Output, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task Run_ServesHealthUntilSigterm_ThenExitsCleanly()
    {
        var adminPort = FreePort.Unused();
        var listenerPort = FreePort.Unused();
        var tcpPort = FreePort.Unused();
        var path = _directory.File("router.json");
        var config = TestConfigs.Valid() with
        {
            Listeners =
            [
                TestConfigs.Listener("basic", WireBindingNames.BasicHttp, $"http://127.0.0.1:{listenerPort}/router/basic"),
                TestConfigs.Listener("tcp", WireBindingNames.NetTcp, $"net.tcp://127.0.0.1:{tcpPort}/router"),
            ],
            Admin = new AdminConfig { Address = $"http://127.0.0.1:{adminPort}" },
        };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));

        using var router = RouterProcess.Start("--config", path);
        var health = await RouterProcess.PollHealthAsync(new Uri($"http://127.0.0.1:{adminPort}/health"), router, ProcessTimeout);
        router.Terminate();
        var exitCode = await router.WaitForExitAsync(ProcessTimeout);

        Assert.Contains("\"status\":\"ok\"", health, StringComparison.Ordinal);
        Assert.Equal(0, exitCode);
        Assert.Contains($"Listener basic (basicHttp) listening on http://127.0.0.1:{listenerPort}/router/basic", router.Output, StringComparison.Ordinal);
        Assert.Contains($"Listener tcp (netTcp) listening on net.tcp://127.0.0.1:{tcpPort}/router", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("Listener basic (basicHttp, ", router.Output, StringComparison.Ordinal);
        Assert.Contains("Stopping", router.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_AdminPortTaken_RefusesToStartWithOneClearLine()
    {
        using var occupant = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        occupant.Start();
        var port = ((IPEndPoint)occupant.LocalEndpoint).Port;
        var path = _directory.File("router.json");
        var config = TestConfigs.Valid() with { Admin = new AdminConfig { Address = $"http://127.0.0.1:{port}" } };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));

        using var router = RouterProcess.Start("--config", path);
        var exitCode = await router.WaitForExitAsync(ProcessTimeout);

        Assert.Equal(2, exitCode);
        Assert.Contains($"router: cannot listen on 127.0.0.1:{port} (admin endpoint): the address is already in use", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("Unhandled exception", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", router.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_ListenerPortTaken_RefusesToStartWithOneLineNamingTheListener()
    {
        using var occupant = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        occupant.Start();
        var port = ((IPEndPoint)occupant.LocalEndpoint).Port;
        var path = _directory.File("router.json");
        var config = TestConfigs.Valid() with
        {
            Listeners = [TestConfigs.Listener("basic", WireBindingNames.BasicHttp, $"http://127.0.0.1:{port}/router/basic")],
            Admin = new AdminConfig { Address = $"http://127.0.0.1:{FreePort.Unused()}" },
        };
        await File.WriteAllTextAsync(path, TestConfigs.ToJson(config));

        using var router = RouterProcess.Start("--config", path);
        var exitCode = await router.WaitForExitAsync(ProcessTimeout);

        Assert.Equal(2, exitCode);
        var lines = router.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var line = Assert.Single(lines, line => line.StartsWith("router: ", StringComparison.Ordinal));
        Assert.Equal($"router: cannot listen on 127.0.0.1:{port} (listener basic): the address is already in use", line);
        Assert.DoesNotContain("   at ", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", router.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("Hosting failed to start", router.Output, StringComparison.Ordinal);
    }

    public void Dispose() => _directory.Dispose();
}
