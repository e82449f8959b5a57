using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>A CPU sampler the test sets; counts how often it was asked.</summary>
internal sealed class FakeCpuSampler : ICpuSampler
{
    public double Cpu { get; set; }

    public int Samples { get; private set; }

    public double Sample()
    {
        Samples++;
        return Cpu;
    }
}
