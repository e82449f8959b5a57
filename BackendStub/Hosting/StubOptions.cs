using Samples.Payloads;
using SoapRouter.Wire.Compression;

namespace BackendStub.Hosting;

/// <summary>Settings of the backend stub host, parsed from its command line by <see cref="StubOptionsParser"/>.</summary>
public sealed record StubOptions
{
    /// <summary>Default of <see cref="MaxMessageSize"/>: 4 MiB.</summary>
    public const int DefaultMaxMessageSize = 4 * 1024 * 1024;

    /// <summary>Default of <see cref="MaxDecompressedSize"/>: 16 MiB.</summary>
    public const int DefaultMaxDecompressedSize = 16 * 1024 * 1024;

    /// <summary>The stub's compression by default: replies never compressed (compressed requests are still read).</summary>
    public static CompressionOptions DefaultCompression { get; } = new() { Mode = LinkCompressionMode.None };

    /// <summary>Port of the HTTP endpoints; 0 lets the OS pick a free port (tests).</summary>
    public int HttpPort { get; init; } = 8080;

    /// <summary>Port of the net.tcp endpoint (net.tcp://host:port/tcp); null serves no net.tcp; 0 lets the OS pick.</summary>
    public int? TcpPort { get; init; }

    /// <summary>Port of the HTTPS endpoints (the HTTP endpoints and /stub/stats over TLS); null serves none; 0 lets the OS pick.</summary>
    public int? HttpsPort { get; init; }

    /// <summary>Port of the net.tcp endpoint with transport security (the TLS upgrade) at net.tcp://host:port/tcp; null serves none; 0 lets the OS pick.</summary>
    public int? TcpTlsPort { get; init; }

    /// <summary>PEM file of the TLS server certificate (then any intermediates); required with either TLS port.</summary>
    public string? CertificatePath { get; init; }

    /// <summary>PEM file of the TLS server certificate's private key (PKCS#8 or the key's own format); required with either TLS port.</summary>
    public string? CertificateKeyPath { get; init; }

    /// <summary>PEM bundle of the authorities client certificates must chain to; when given, both TLS ports require a client certificate.</summary>
    public string? ClientCertificateAuthoritiesPath { get; init; }

    /// <summary>True when a TLS port is served.</summary>
    public bool ServesTls => HttpsPort is not null || TcpTlsPort is not null;

    /// <summary>Most net.tcp connections served at once (per net.tcp port); a connection past it gets the ServerTooBusy fault. Null: no limit.</summary>
    public int? MaxTcpConnections { get; init; }

    /// <summary>A net.tcp connection with nothing received and nothing in flight for this long gets End and is closed.</summary>
    public TimeSpan TcpIdleTimeout { get; init; } = TimeSpan.FromMinutes(2);

    /// <summary>A net.tcp preamble must arrive within this.</summary>
    public TimeSpan TcpPreambleTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>IP address the HTTP and net.tcp endpoints listen on; also the host part of the printed endpoint addresses.</summary>
    public string Host { get; init; } = "127.0.0.1";

    /// <summary>Largest request accepted, in bytes; a larger one is refused with HTTP 413 (net.tcp: MaxMessageSizeExceededFault).</summary>
    public int MaxMessageSize { get; init; } = DefaultMaxMessageSize;

    /// <summary>Largest size a compressed request may decode to, in bytes; past it the request gets HTTP 413 with a Sender fault.</summary>
    public int MaxDecompressedSize { get; init; } = DefaultMaxDecompressedSize;

    /// <summary>How HTTP replies are compressed (one link per HTTP endpoint); mode none (the default) never compresses.</summary>
    public CompressionOptions Compression { get; init; } = DefaultCompression;

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

    /// <summary>A file the id of every one-way order accepted is appended to (--record-oneway); null records none.</summary>
    public string? RecordOneWayPath { get; init; }

    /// <summary>How compressible the returned payloads are.</summary>
    public PayloadProfile Profile { get; init; } = PayloadProfile.Compressible;
}
