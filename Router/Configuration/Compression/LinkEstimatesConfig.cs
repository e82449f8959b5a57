namespace SoapRouter.Configuration;

/// <summary>
/// The table of per-client link estimates: an adaptive listener plans each reply with the bandwidth of that client's
/// own link (by client certificate, else address), not one figure for all its clients.
/// </summary>
public sealed record LinkEstimatesConfig
{
    /// <summary>The largest maxPeers the config may ask for (about 550 MB of estimates).</summary>
    public const int MaxPeersLimit = 1_000_000;

    /// <summary>Clients remembered across all listeners; the least recently seen goes first. 0: one estimate per listener.</summary>
    public int MaxPeers { get; init; } = 4096;

    /// <summary>A client not measured for this long is planned with its listener's estimate again.</summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromMinutes(2);
}
