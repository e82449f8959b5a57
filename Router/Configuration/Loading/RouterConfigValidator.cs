namespace SoapRouter.Configuration;

/// <summary>
/// Checks a parsed <see cref="RouterConfig"/> in one pass and returns every error at once, each naming its path,
/// so an operator fixes a file in one round instead of one error per restart.
/// </summary>
public static class RouterConfigValidator
{
    /// <summary>The Serilog level names telemetry.logLevel accepts, as written in router.json.</summary>
    public static readonly IReadOnlyList<string> LogLevels = ["Verbose", "Debug", "Information", "Warning", "Error", "Fatal"];

    /// <summary>Validates <paramref name="config"/>; never throws for a bad config.</summary>
    public static RouterConfigValidationResult Validate(RouterConfig config)
    {
        ArgumentNullException.ThrowIfNull(config);

        var context = new ConfigValidationContext();
        ListenerRules.Check(config.Listeners, context);
        RouteRules.Check(config, context);
        ClusterRules.Check(config.Clusters, config.Routes, context);
        LimitsRules.Check(config.Limits, context);
        AdminRules.Check(config.Admin, config.Listeners, context);
        ShutdownRules.Check(config.Shutdown, context);
        CompressionRules.Check(config.Compression, context);
        StreamedRules.Check(config, context);
        CacheRules.Check(config, context);
        QueuesRules.Check(config, context);

        TelemetryRules.Check(config.Telemetry, context);
        TlsRules.Check(config, context);

        return context.ToResult();
    }
}
