namespace SoapRouter.Wire.Compression;

/// <summary>This process's recent CPU use, injected so tests drive the CPU back-off.</summary>
public interface ICpuSampler
{
    /// <summary>The process's CPU use since the previous call, as a fraction of all cores (0..1).</summary>
    double Sample();
}
