namespace SoapRouter.Wire.Compression;

/// <summary>What a (action, size bucket)'s ratio says about the next message.</summary>
internal enum RatioVerdict
{
    /// <summary>Compresses well enough (or not known yet): go on.</summary>
    Compress,

    /// <summary>Switched off and not due for a probe.</summary>
    PoorRatio,

    /// <summary>Switched off, and this message is the probe.</summary>
    Probe,
}
