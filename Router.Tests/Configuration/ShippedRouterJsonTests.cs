using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using SoapRouter.Configuration;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Configuration;

public sealed class ShippedRouterJsonTests
{
    [Fact]
    public void ShippedRouterJson_LoadsWithNoErrorsOrWarnings()
    {
        var result = RouterConfigLoader.LoadFile(RepositoryPaths.RouterJson);

        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void DockerRouterJson_WithItsMountedCertificates_LoadsWithNoErrorsOrWarnings()
    {
        using var docker = new DockerRouterJsonCopy();

        var result = RouterConfigLoader.LoadFile(docker.Path);

        Assert.Contains(DockerRouterJsonCopy.MountedTlsFolder, docker.Original, StringComparison.Ordinal);
        Assert.True(result.Succeeded, string.Join(Environment.NewLine, result.Errors));
        Assert.Empty(result.Warnings);
    }

    [Fact]
    public void DockerRouterJson_EveryListenerIsTls_AndOnlyPartnerAPassesThePartnerListener()
    {
        using var docker = new DockerRouterJsonCopy();

        var config = RouterConfigLoader.LoadFile(docker.Path).Config!;

        Assert.All(config.Listeners, l => Assert.NotNull(l.Tls));
        Assert.All(config.Listeners.Where(l => l.Binding != WireBindingNames.NetTcp), l => Assert.StartsWith("https://", l.Address, StringComparison.Ordinal));
        var partner = config.Listeners.Single(l => l.Name == "partner");
        Assert.Equal("RequireCertificate", partner.Tls!.ClientCertificateMode);
        var route = config.Routes.Single(r => r.Filters.Any(f => f.Type == FilterTypes.Address && f.Value == new Uri(partner.Address).AbsolutePath));
        Assert.Equal("CN=partner-a", Assert.Single(route.AllowedClientCertificates).Subject);
        Assert.All(config.Listeners.Where(l => l != partner), l => Assert.Equal("NoCertificate", l.Tls!.ClientCertificateMode));
    }

    [Fact]
    public void DockerRouterJson_IdempotentClustersCutSilentAttempts_AndTheDrainOutlastsTheFrontsHealthCheck()
    {
        using var docker = new DockerRouterJsonCopy();
        var config = RouterConfigLoader.LoadFile(docker.Path).Config!;

        foreach (var route in config.Routes.Where(r => r.IdempotentActions.Count > 0))
        {
            var cluster = config.Clusters[route.Cluster];
            Assert.NotNull(cluster.AttemptTimeout);
            Assert.True(cluster.AttemptTimeout * cluster.Retry.MaxAttempts <= cluster.RequestTimeout, route.Cluster);
            Assert.NotNull(cluster.OutlierDetection.Latency);
        }

        // The front (HAProxy) takes a replica out after `fall` failed checks `inter` apart: the replica must go on serving
        // (and answer its checks 503) for longer than that before its listeners close.
        var haproxy = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "deploy", "front", "haproxy.cfg"));
        var checks = System.Text.RegularExpressions.Regex.Match(haproxy, @"default-server check inter (\d+)s fall (\d+)");
        Assert.True(checks.Success, "no 'default-server check inter Ns fall N' in haproxy.cfg");
        var outAfter = TimeSpan.FromSeconds(int.Parse(checks.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) * int.Parse(checks.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture));
        Assert.True(config.Shutdown.DrainDelay > outAfter, $"drainDelay {config.Shutdown.DrainDelay} <= the front's {outAfter}");
    }

    [Fact]
    public void ScaleRouterJson_IsTheDockerOne_PlusGetOrdersCachedThroughTheScaleStacksRedis()
    {
        // The scale-out stack's replicas read deploy/router-scale/router.json: the plain stack's file plus "cache", and
        // "queues" on the stack's RabbitMQ instead of a local store; nothing else.
        var plain = JsonNode.Parse(File.ReadAllText(RepositoryPaths.DockerRouterJson), documentOptions: RouterSchema.ConfigReading)!.AsObject();
        var scale = JsonNode.Parse(File.ReadAllText(RepositoryPaths.ScaleRouterJson), documentOptions: RouterSchema.ConfigReading)!.AsObject();
        Assert.True(scale.Remove("cache"));
        Assert.True(plain.Remove("queues"));
        Assert.True(scale.Remove("queues"));
        var cachedRoutes = new List<string>();
        foreach (var route in scale["routes"]!.AsArray())
        {
            if (route!.AsObject().Remove("cache"))
            {
                cachedRoutes.Add(route["name"]!.GetValue<string>());
            }
        }

        Assert.True(JsonNode.DeepEquals(plain, scale), "deploy/router-scale/router.json differs from deploy/router/router.json in more than \"cache\" and \"queues\"");
        Assert.Equal(["orders-basic", "orders-soap12"], cachedRoutes);

        using var copy = new DockerRouterJsonCopy(RepositoryPaths.ScaleRouterJson);
        var config = RouterConfigLoader.LoadFile(copy.Path).Config!;
        Assert.Equal("redis:6379", config.Cache.Redis?.Configuration);
        Assert.Equal((QueueStores.RabbitMq, "amqp://router:env:RABBITMQ_PASSWORD@rabbitmq:5672/"), (config.Queues.Store, config.Queues.RabbitMq?.Uri));
        Assert.All(config.Routes.Where(r => r.Cache is not null), r => Assert.Equal(["http://tempuri.org/IOrderService/GetOrders"], r.Cache!.Actions));

        // The host it names is the scale-out file's redis service, and the replicas mount this folder.
        var compose = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docker-compose.scale.yml"));
        Assert.Matches(new Regex(@"^  redis:\s*$", RegexOptions.Multiline), compose);
        Assert.Matches(new Regex(@"^  rabbitmq:\s*$", RegexOptions.Multiline), compose);
        Assert.Contains("./deploy/router-scale}:/etc/router:ro", compose, StringComparison.Ordinal);
    }

    [Fact]
    public void ShippedRouterJson_HasTheDocumentedTopology()
    {
        var config = RouterConfigLoader.LoadFile(RepositoryPaths.RouterJson).Config!;

        Assert.Equal(
            [WireBindingNames.BasicHttp, WireBindingNames.Soap12Http, WireBindingNames.BinaryHttp, WireBindingNames.BasicHttp, WireBindingNames.Soap12Http,
                WireBindingNames.Soap12Http, WireBindingNames.NetTcp],
            config.Listeners.Select(l => l.Binding));
        Assert.Equal(
            ["orders-basic", "orders-soap12", "basic", "soap12", "binary", "basic-to-binary", "soap12-to-basic", "netTcp", "soap12-to-netTcp"],
            config.Routes.Select(r => r.Name));
        Assert.Equal(2, config.Clusters["orders-basic"].Destinations.Count);
        Assert.Single(config.Clusters["echo-basic"].Backups);

        // The listeners named after one binding lead to destinations of that binding (verbatim); the bridges, named
        // "from-to-to", to destinations of the other one (re-encoded).
        foreach (var route in config.Routes)
        {
            var path = route.Filters.Single(f => f.Type == FilterTypes.Address).Value;
            var listener = config.Listeners.Single(l => new Uri(l.Address).AbsolutePath == path);
            var cluster = config.Clusters[route.Cluster];
            var target = listener.Name.Contains("-to-", StringComparison.Ordinal)
                ? listener.Name[(listener.Name.IndexOf("-to-", StringComparison.Ordinal) + 4)..]
                : listener.Binding;
            var expected = WireBindingNames.All.Single(b => b == target || b == target + "Http");
            Assert.All(cluster.Destinations.Concat(cluster.Backups), d => Assert.Equal(expected, d.Binding));
        }
        Assert.Equal("http://127.0.0.1:9901", config.Admin.Address);
    }
}
