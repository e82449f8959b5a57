namespace SoapRouter.Configuration;

/// <summary>How the router stops on SIGTERM or Ctrl+C.</summary>
public sealed record ShutdownConfig
{
    /// <summary>Longest drain the config may ask for.</summary>
    public static readonly TimeSpan MaxDrainTimeout = TimeSpan.FromHours(1);

    /// <summary>
    /// After a stop signal the router accepts no new connections and gives messages in flight this long to be answered;
    /// then it closes what is left and exits. Default 30 seconds; zero stops at once.
    /// </summary>
    public TimeSpan DrainTimeout { get; init; } = TimeSpan.FromSeconds(30);
}
