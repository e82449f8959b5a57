namespace SoapRouter.Admin;

/// <summary>What GET /health reports beyond uptime; the composition root decides where it comes from.</summary>
internal interface IHealthSource
{
    /// <summary>Version of the config snapshot in use; changes on every successful reload.</summary>
    long ConfigVersion { get; }

    /// <summary>The current health; called once per GET /health, never on the message path.</summary>
    HealthStatus GetStatus();

    /// <summary>Every configured destination's health, by name.</summary>
    IReadOnlyDictionary<string, Health.DestinationHealthSnapshot> GetDestinations() => new Dictionary<string, Health.DestinationHealthSnapshot>();
}
