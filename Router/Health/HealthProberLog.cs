namespace SoapRouter.Health;

/// <summary>The prober's own log lines.</summary>
internal static partial class HealthProberLog
{
    /// <summary>A probe failed in a way the prober did not expect (a bug); counted as a failed probe.</summary>
    [LoggerMessage(EventId = 1710, Level = LogLevel.Warning, Message = "Health probe of {Destination} threw; counted as failed")]
    public static partial void ProbeThrew(ILogger logger, string destination, Exception exception);
}
