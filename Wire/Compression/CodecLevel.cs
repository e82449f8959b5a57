namespace SoapRouter.Wire.Compression;

/// <summary>How hard a codec works; each codec maps these to its own levels (see LEVELS.md for the measured table).</summary>
public enum CodecLevel
{
    /// <summary>The cheapest level that still compresses well (for fast links and busy CPUs).</summary>
    Fast = 0,

    /// <summary>A balance of ratio and CPU.</summary>
    Normal = 1,

    /// <summary>The best ratio at a cost still sane for a router (never the codec's slowest setting).</summary>
    Max = 2,
}
