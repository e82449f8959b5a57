namespace SoapRouter.Wire.Compression;

/// <summary>The highest level the CPU governor allows now; it steps one at a time.</summary>
public enum CpuLevelCap
{
    /// <summary>No compression.</summary>
    Off = 0,

    /// <summary>Fast only.</summary>
    Fast = 1,

    /// <summary>Up to normal.</summary>
    Normal = 2,

    /// <summary>Every level.</summary>
    Max = 3,
}
