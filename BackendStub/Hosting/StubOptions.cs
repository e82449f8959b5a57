using Samples.Payloads;

namespace BackendStub.Hosting;

/// <summary>Settings of the backend stub host, parsed from its command line by <see cref="StubOptionsParser"/>.</summary>
public sealed record StubOptions
{
    /// <summary>Default of <see cref="MaxMessageSize"/>: 4 MiB.</summary>
    public const int DefaultMaxMessageSize = 4 * 1024 * 1024;

    /// <summary>Port of the HTTP endpoints; 0 lets the OS pick a free port (tests).</summary>
    public int HttpPort { get; init; } = 8080;

    /// <summary>
    /// Port asked for net.tcp endpoints; null when not asked. The host has no net.tcp transport (CoreWCF is not
    /// in the package source) and says so at start when a port is given.
    /// </summary>
    public int? TcpPort { get; init; }

    /// <summary>IP address the HTTP endpoints listen on; also the host part of the printed endpoint addresses.</summary>
    public string Host { get; init; } = "127.0.0.1";

    /// <summary>Largest request body accepted, in bytes; a larger one is refused with HTTP 413.</summary>
    public int MaxMessageSize { get; init; } = DefaultMaxMessageSize;

    /// <summary>How wsa:To is checked on the WS-Addressing endpoints.</summary>
    public AddressFilterMode AddressFilter { get; init; } = AddressFilterMode.Default;

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
