using LoadClient.Payloads;
using LoadClient.Tls;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace LoadClient.CommandLine;

/// <summary>One load run, as the command line describes it; built by <see cref="LoadOptionsParser"/>.</summary>
internal sealed record LoadOptions
{
    /// <summary>Default request body size of echo, in bytes.</summary>
    public const int DefaultEchoSize = 1024;

    /// <summary>Default order count of getOrders.</summary>
    public const int DefaultOrderCount = 10;

    /// <summary>Default of <see cref="Callbacks"/>.</summary>
    public const int DefaultCallbacks = 10;

    /// <summary>The endpoint every request is posted to.</summary>
    public required Uri Url { get; init; }

    /// <summary>Default of <see cref="TcpBuffer"/>.</summary>
    public const int DefaultTcpBuffer = 64 * 1024;

    /// <summary>Raw HTTP posts of a pre-encoded template, or a WCF client.</summary>
    public LoadClientMode Client { get; init; } = LoadClientMode.Raw;

    /// <summary>The wire binding of the requests (SOAP version, addressing, encoding).</summary>
    public WireBinding Binding { get; init; } = WireBindings.BasicHttp;

    /// <summary>The operation every request calls.</summary>
    public LoadOperation Operation { get; init; } = LoadOperation.Echo;

    /// <summary>Approximate serialized size of the echo payload, in bytes.</summary>
    public int EchoSize { get; init; } = DefaultEchoSize;

    /// <summary>submitOrder with --size: the order's approximate size in the binding's encoding; null: the nominal order.</summary>
    public int? OrderSize { get; init; }

    /// <summary>--callbacks (subscribe): the one-way callbacks the service sends per call, before its Confirm callback.</summary>
    public int Callbacks { get; init; } = DefaultCallbacks;

    /// <summary>How many orders getOrders asks for.</summary>
    public int OrderCount { get; init; } = DefaultOrderCount;

    /// <summary>How compressible the generated payload is.</summary>
    public PayloadProfile Profile { get; init; } = PayloadProfile.Compressible;

    /// <summary>How the orders are serialized: WCF's DataContractSerializer or protobuf-net (seed 003).</summary>
    public LoadSerializer Serializer { get; init; } = LoadSerializer.DataContract;

    /// <summary>The wsa:To of the WS-Addressing bindings' messages; the URL unless --to says otherwise.</summary>
    public required Uri To { get; init; }

    /// <summary>Requests in flight at once: raw workers and their connection pool, or WCF channels.</summary>
    public int Concurrency { get; init; } = 4;

    /// <summary>Measured requests; ignored when <see cref="Duration"/> is set.</summary>
    public int Requests { get; init; } = 200;

    /// <summary>When set, the measured phase sends for this long instead of a fixed count.</summary>
    public TimeSpan? Duration { get; init; }

    /// <summary>Requests sent and not measured before the run, to open connections and warm the JIT on both ends.</summary>
    public int Warmup { get; init; } = 10;

    /// <summary>Limit on one request, from sending to the last byte of the reply.</summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Where the results are written as JSON; null for none.</summary>
    public string? JsonPath { get; init; }

    /// <summary>The URL may name a host that is not loopback.</summary>
    public bool AllowRemote { get; init; }

    /// <summary>The net.tcp connection buffer of the WCF mode's channels (WCF's default, 8 KB, stalls large replies on loopback).</summary>
    public int TcpBuffer { get; init; } = DefaultTcpBuffer;

    /// <summary>Echo sizes: every request --size, or the seed experiment's spread (<see cref="SeedSizes"/>).</summary>
    public SizeDistribution SizeDistribution { get; init; } = SizeDistribution.Fixed;

    /// <summary>When set, requests are started at this many per second (open model) instead of back to back.</summary>
    public double? Rate { get; init; }

    /// <summary>No live progress line or periodic lines while the run goes.</summary>
    public bool Quiet { get; init; }

    /// <summary>The router's admin address; when set, its /stats is read before and after the measured phase.</summary>
    public Uri? AdminUrl { get; init; }

    /// <summary>TLS to the target (an https URL, or net.tcp with --tls): the server certificate's check and the client certificate; null for a plain target.</summary>
    public TlsSettings? Tls { get; init; }

    /// <summary>Default of <see cref="MaxDecompressedSize"/>: 16 MiB.</summary>
    public const int DefaultMaxDecompressedSize = 16 * 1024 * 1024;

    /// <summary>--compression: how requests are compressed and replies asked for; none sends today's requests unchanged.</summary>
    public LoadCompressionMode Compression { get; init; } = LoadCompressionMode.None;

    /// <summary>--compression-codecs (always, adaptive): the codecs in preference order; null for <see cref="CompressionOptions"/>' default.</summary>
    public IReadOnlyList<string>? CompressionCodecs { get; init; }

    /// <summary>--bandwidth (adaptive): the link's bandwidth in bytes per second; null to estimate it from large request uploads.</summary>
    public long? Bandwidth { get; init; }

    /// <summary>--max-decompressed-size: a compressed reply decoding past this is a bomb (an error of its own kind).</summary>
    public int MaxDecompressedSize { get; init; } = DefaultMaxDecompressedSize;

    /// <summary>--record-acks (submitOrder): the file every acknowledged order's id is appended to; null records nothing.</summary>
    public string? RecordAcksPath { get; init; }

    /// <summary>Default of --keys: hot keys of a --repeat-share workload.</summary>
    public const int DefaultKeys = 8;

    /// <summary>--repeat-share and --keys (raw mode): each request's cache key header; null sends none.</summary>
    public CacheKeyMix? CacheKeys { get; init; }
}
