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

    /// <summary>
    /// Before the listeners close: how long the router goes on serving while /health answers 503 "draining" and every
    /// HTTP answer carries <c>Connection: close</c>, so a load balancer in front stops sending to it and keep-alive
    /// clients leave after their next answer instead of finding their idle connection closed under a request. Give it
    /// more than the load balancer's health-check interval times its fall count. Default zero: the listeners close at
    /// once (no load balancer to warn).
    /// </summary>
    public TimeSpan DrainDelay { get; init; } = TimeSpan.Zero;
}
