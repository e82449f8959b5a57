using BackendStub.Payloads;

namespace BackendStub.Hosting;

/// <summary>Settings of the backend stub host, parsed from its command line by <see cref="StubOptionsParser"/>.</summary>
public sealed record StubOptions
{
    /// <summary>Port of the HTTP endpoints; 0 lets the OS pick a free port (tests).</summary>
    public int HttpPort { get; init; } = 8080;

    /// <summary>Port of the net.tcp endpoints; 0 lets the OS pick a free port (tests).</summary>
    public int TcpPort { get; init; } = 8808;

    /// <summary>Fixed latency added to every request before it is answered.</summary>
    public TimeSpan Latency { get; init; } = TimeSpan.Zero;

    /// <summary>Probability (0..1) that a request is answered with a SOAP fault.</summary>
    public double FaultRate { get; init; }

    /// <summary>Every Nth request is answered with a SOAP fault; 0 turns this off.</summary>
    public int FaultEvery { get; init; }

    /// <summary>Seed of the payload generator and of the fault-rate draws.</summary>
    public int Seed { get; init; } = 1;

    /// <summary>How compressible the returned payloads are.</summary>
    public PayloadProfile Profile { get; init; } = PayloadProfile.Compressible;
}
