namespace SoapRouter.Configuration;

/// <summary>Validation of the shutdown section.</summary>
internal static class ShutdownRules
{
    /// <summary>Checks the drain delay and timeout.</summary>
    public static void Check(ShutdownConfig shutdown, ConfigValidationContext context)
    {
        CheckDuration(shutdown.DrainTimeout, "shutdown.drainTimeout", context);
        CheckDuration(shutdown.DrainDelay, "shutdown.drainDelay", context);
    }

    private static void CheckDuration(TimeSpan value, string path, ConfigValidationContext context)
    {
        if (value < TimeSpan.Zero || value > ShutdownConfig.MaxDrainTimeout)
        {
            context.Error(path, $"must be from 00:00:00 to {ShutdownConfig.MaxDrainTimeout} (is {value})");
        }
    }
}
