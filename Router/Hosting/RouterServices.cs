using SoapRouter.Compression;
using SoapRouter.Admin;
using SoapRouter.Caching;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.Forwarding.Http;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Health;
using SoapRouter.Listening;
using SoapRouter.Listening.Connections;
using SoapRouter.Listening.NetTcp;
using SoapRouter.LoadBalancing;
using SoapRouter.Metadata;
using SoapRouter.Pipeline;
using SoapRouter.Telemetry;

namespace SoapRouter.Hosting;

/// <summary>Registers the router's parts with dependency injection: one instance of each, shared by every message.</summary>
internal static class RouterServices
{
    // Added to the longest attempt (connect + request) so a retired connection pool outlives every message still using it.
    private static readonly TimeSpan DrainMargin = TimeSpan.FromSeconds(30);

    /// <summary>Adds the router on <paramref name="provider"/>'s config, serving <paramref name="listeners"/>.</summary>
    public static IServiceCollection AddSoapRouter(
        this IServiceCollection services,
        RouterConfigProvider provider,
        ListenerSet listeners,
        TimeProvider timeProvider,
        Random? random = null,
        TimeSpan? busyWait = null,
        RouterStatistics? statistics = null,
        Tls.TlsCertificates? certificates = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(provider);
        ArgumentNullException.ThrowIfNull(listeners);
        ArgumentNullException.ThrowIfNull(timeProvider);
        var config = provider.Current;
        services.AddSingleton(timeProvider);
        services.AddSingleton(sp => new RouterRuntime(
            provider, LoadBalancingPolicies.CreateDefault(random), sp.GetRequiredService<ILogger<RouterRuntime>>(), sp.GetService<TimeProvider>()));
        services.AddSingleton<IHealthSource>(sp => sp.GetRequiredService<RouterRuntime>());
        if (statistics is null)
        {
            services.AddSingleton<RouterStatistics>();
        }
        else
        {
            services.AddSingleton(statistics);
        }

        services.AddSingleton<RouterMetrics>();
        if (certificates is null)
        {
            services.AddSingleton<Tls.TlsCertificates>();
        }
        else
        {
            services.AddSingleton(certificates);
        }

        services.AddSingleton(sp => new HttpDestinationClients(
            timeProvider,
            DrainDelay(config),
            HttpDestinationClients.DefaultMaxConnectionsPerServer,
            sp.GetRequiredService<Tls.TlsCertificates>(),
            sp.GetRequiredService<RouterStatistics>().Tls));
        services.AddSingleton(sp => new NetTcpDestinationClients(
            timeProvider,
            DrainDelay(config),
            sp.GetRequiredService<ILogger<NetTcpDestinationClients>>(),
            sp.GetRequiredService<Tls.TlsCertificates>(),
            sp.GetRequiredService<RouterStatistics>().Tls));
        services.AddSingleton<Forwarder>();
        services.AddSingleton<DestinationSenders>();
        services.AddSingleton(_ => new CompressionLinks(timeProvider));
        services.AddSingleton<PipelineStateCache>();
        services.AddSingleton<OutcomeRecorder>();
        services.AddSingleton<PipelineFaults>();
        services.AddResponseCache(config.Cache, timeProvider);
        services.AddSingleton(sp => new Queues.DurableQueues(config.Queues, timeProvider, sp.GetRequiredService<ILogger<Queues.DurableQueues>>()));
        services.AddSingleton<Queues.DetachedForwarder>();
        services.AddSingleton<Queues.Multicast>();
        services.AddHostedService<Queues.QueueDeliverer>();
        services.AddSingleton<MessagePipeline>();
        services.AddSingleton(_ => new ConcurrencyGate(config.Limits.MaxConcurrentRequests, busyWait ?? config.Limits.QueueTimeout));
        services.AddSingleton(provider =>
        {
            var container = MemoryLimit.Container();
            return new MemoryPressure(
                config.Limits.MemoryHighWatermark, config.Limits.MemoryLowWatermark, () => MemoryPressure.ReadProcess(container),
                MemoryPressure.CollectAggressively, timeProvider, provider.GetRequiredService<ILogger<MemoryPressure>>());
        });
        services.AddSingleton(provider => new BufferBudget(
            BufferBudget.Size(config.Limits, MemoryLimit.Available()), busyWait ?? config.Limits.QueueTimeout, provider.GetRequiredService<MemoryPressure>()));
        services.AddSingleton(sp => new ListenerConnections(
            sp.GetRequiredService<RouterStatistics>(), timeProvider, sp.GetRequiredService<ILogger<ListenerConnections>>(), config.Limits.MaxConnections));
        services.AddSingleton(sp =>
        {
            var connections = sp.GetRequiredService<ListenerConnections>();
            return new DescriptorReserve(
                new LinuxOpenFileLimits(), config.Limits.FileDescriptorReserve, () => connections.Open, timeProvider, sp.GetRequiredService<ILogger<DescriptorReserve>>());
        });
        services.AddSingleton(_ => new ClientRateLimiter(config.Limits.PerClientRateLimit));
        services.AddSingleton<MetadataFetcher>();
        services.AddSingleton<OneWayCatalog>();
        services.AddSingleton<WsdlProxy>();
        services.AddSingleton<HttpSoapHandler>();
        services.AddSingleton<NetTcpConnections>();
        services.AddSingleton<DrainSignal>();
        services.AddSingleton<LatencyRecorder>();
        services.AddSingleton<OverviewSource>();
        services.AddSingleton<AdminEndpoint>();
        services.AddHostedService<HealthProber>();
        services.AddHostedService<OneWayLearner>();
        services.AddSingleton(listeners);
        services.AddRouterTelemetry(config.Telemetry);
        return services;
    }

    /// <summary>
    /// How long a retired pool stays open: the longest attempt of the start config plus a margin. Fixed at start, so a
    /// reload that raises timeouts past it can cut a message on a retired pool short (it fails over or faults).
    /// </summary>
    private static TimeSpan DrainDelay(RouterConfig config)
    {
        var longest = TimeSpan.Zero;
        foreach (var cluster in config.Clusters.Values)
        {
            var attempt = cluster.ConnectTimeout + cluster.RequestTimeout;
            if (attempt > longest)
            {
                longest = attempt;
            }
        }

        return longest + DrainMargin;
    }
}
