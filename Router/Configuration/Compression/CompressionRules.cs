namespace SoapRouter.Configuration;

/// <summary>Validation of the router-wide compression section.</summary>
internal static class CompressionRules
{
    /// <summary>Checks the link-estimate table's cap and idle timeout.</summary>
    public static void Check(CompressionConfig compression, ConfigValidationContext context)
    {
        const string Path = "compression.linkEstimates";
        var estimates = compression.LinkEstimates;
        if (estimates.MaxPeers is < 0 or > LinkEstimatesConfig.MaxPeersLimit)
        {
            context.Error(ConfigPath.Property(Path, "maxPeers"), $"must be from 0 to {LinkEstimatesConfig.MaxPeersLimit} (is {estimates.MaxPeers})");
        }

        context.RequireTimeout(estimates.IdleTimeout, ConfigPath.Property(Path, "idleTimeout"));
    }
}
