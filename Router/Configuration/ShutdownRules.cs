namespace SoapRouter.Configuration;

/// <summary>Validation of the shutdown section.</summary>
internal static class ShutdownRules
{
    /// <summary>Checks the drain timeout.</summary>
    public static void Check(ShutdownConfig shutdown, ConfigValidationContext context)
    {
        var drain = shutdown.DrainTimeout;
        if (drain < TimeSpan.Zero || drain > ShutdownConfig.MaxDrainTimeout)
        {
            context.Error("shutdown.drainTimeout", $"must be from 00:00:00 to {ShutdownConfig.MaxDrainTimeout} (is {drain})");
        }
    }
}
