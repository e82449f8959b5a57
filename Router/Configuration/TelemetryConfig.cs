namespace SoapRouter.Configuration;

/// <summary>Logging settings.</summary>
public sealed record TelemetryConfig
{
    /// <summary>Minimum Serilog level: Verbose, Debug, Information, Warning, Error, Fatal. Default Information.</summary>
    public string LogLevel { get; init; } = "Information";
}
