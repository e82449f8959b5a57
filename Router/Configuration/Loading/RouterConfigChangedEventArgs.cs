namespace SoapRouter.Configuration;

/// <summary>Raised after a reload installed a new snapshot.</summary>
public sealed class RouterConfigChangedEventArgs(RouterConfigSnapshot previous, RouterConfigSnapshot current) : EventArgs
{
    /// <summary>The snapshot that was replaced.</summary>
    public RouterConfigSnapshot Previous { get; } = previous;

    /// <summary>The snapshot now installed.</summary>
    public RouterConfigSnapshot Current { get; } = current;
}
