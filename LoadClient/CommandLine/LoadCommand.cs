using System.CommandLine;
using LoadClient.Payloads;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;

namespace LoadClient.CommandLine;

/// <summary>
/// The System.CommandLine description of LoadClient's command line: every option with its name, default, help text,
/// value check and completions. Checks between options are <see cref="LoadOptionsParser"/>'s.
/// </summary>
internal static class LoadCommand
{
    /// <summary>Longest --duration: a run is bounded so a forgotten client does not load a shared router for hours.</summary>
    public const int MaxDurationSeconds = 600;

    /// <summary>Largest --size: one echo request body.</summary>
    public const int MaxEchoSize = 64 * 1024 * 1024;

    /// <summary>Largest --orders.</summary>
    public const int MaxOrderCount = 100_000;

    /// <summary>Largest --concurrency.</summary>
    public const int MaxConcurrency = 1024;

    /// <summary>Largest --rate, requests per second.</summary>
    public const double MaxRate = 1_000_000;

    /// <summary>--url.</summary>
    public static readonly Option<Uri?> Url = new("--url")
    {
        Description = "Endpoint every request goes to: http or https, net.tcp for netTcp (with --tls for TLS).",
        HelpName = "url",
        Required = true,
        CustomParser = OptionValues.AbsoluteUrl,
    };

    /// <summary>--client.</summary>
    public static readonly Option<LoadClientMode?> Client = OptionValues.Enum("--client", LoadClientMode.Raw,
        "raw: HTTP posts of a template encoded once; wcf: ChannelFactory channels (no byte counts).");

    /// <summary>--binding.</summary>
    public static readonly Option<WireBinding> Binding = OptionValues.Binding(
        "--binding", "The wire binding of the requests; netTcp needs --client wcf.");

    /// <summary>--addressing.</summary>
    public static readonly Option<string?> Addressing = OptionValues.Choice("--addressing", WireAddressingNames.Configurable,
        "WS-Addressing version of soap12Http, binaryHttp and netTcp requests: 1.0, or august2004 (WCF's MessageVersion.Soap12WSAddressingAugust2004) " +
        $"[default: {WireAddressingNames.Addressing10}].");

    /// <summary>--operation.</summary>
    public static readonly Option<LoadOperation?> Operation = OptionValues.Enum("--operation", LoadOperation.Echo,
        "The sample contract's operation every request calls.");

    /// <summary>--size.</summary>
    public static readonly Option<int> Size = OptionValues.Int("--size", "bytes", LoadOptions.DefaultEchoSize, 1, MaxEchoSize,
        "Echo payload size in bytes (echo; with submitOrder, the order's size), sized for the binding's encoding.");

    /// <summary>--size-distribution.</summary>
    public static readonly Option<SizeDistribution?> SizeDistributionOption = OptionValues.Enum("--size-distribution", SizeDistribution.Fixed,
        "Echo sizes: fixed (--size every time) or seed (0.6 KB to 250 KB, most near 150 KB, as the seed experiment).");

    /// <summary>--orders.</summary>
    public static readonly Option<int> Orders = OptionValues.Int("--orders", "n", LoadOptions.DefaultOrderCount, 0, MaxOrderCount,
        "Orders getOrders asks for (getOrders only).");

    /// <summary>Largest --callbacks.</summary>
    public const int MaxCallbacks = 10_000;

    /// <summary>--callbacks.</summary>
    public static readonly Option<int> Callbacks = OptionValues.Int("--callbacks", "n", LoadOptions.DefaultCallbacks, 0, MaxCallbacks,
        "One-way callbacks the service sends per subscribe call before its request-reply Confirm (subscribe only).");

    /// <summary>--profile.</summary>
    public static readonly Option<PayloadProfile?> Profile = OptionValues.Profile(
        "--profile", "How compressible the payload is: simple (~0.1), medium (~0.4), complex (~0.9; text XML ~0.65, base64). " +
        "Aliases: highlyCompressible, compressible, incompressible.");

    /// <summary>--serializer.</summary>
    public static readonly Option<LoadSerializer?> Serializer = OptionValues.Enum("--serializer", LoadSerializer.DataContract,
        "How the orders travel (seed 003): dataContract (WCF's XML) or protobuf (protobuf-net bytes in a byte[] part: " +
        "IProtoOrderService's GetOrdersProto for getOrders, EchoProto of orders filling --size for echo).");

    /// <summary>--to.</summary>
    public static readonly Option<Uri?> To = new("--to")
    {
        Description = "wsa:To of soap12Http, binaryHttp and netTcp messages [default: the --url].",
        HelpName = "uri",
        CustomParser = OptionValues.AbsoluteUri,
    };

    /// <summary>--concurrency.</summary>
    public static readonly Option<int> Concurrency = OptionValues.Int("--concurrency", "n", 4, 1, MaxConcurrency,
        "Requests in flight at most: raw workers and pooled connections, or WCF channels.");

    /// <summary>--requests.</summary>
    public static readonly Option<int> Requests = OptionValues.Int("--requests", "n", 200, 1, int.MaxValue,
        "Measured requests.");

    /// <summary>--duration.</summary>
    public static readonly Option<double?> Duration = OptionValues.Seconds("--duration", null, 1, MaxDurationSeconds,
        "Measure for this many seconds instead of a request count (not with --requests).");

    /// <summary>--rate.</summary>
    public static readonly Option<double?> Rate = OptionValues.Number("--rate", "per-second", 0.1, MaxRate,
        "Target requests per second (open model): requests start on a fixed schedule and latency counts from the " +
        "scheduled time, so a request that waited for a free slot (--concurrency) carries that wait. Default: back to back.");

    /// <summary>--warmup.</summary>
    public static readonly Option<int> Warmup = OptionValues.Int("--warmup", "n", 10, 0, int.MaxValue,
        "Unmeasured requests sent first; the first one also checks that the target speaks the binding.");

    /// <summary>--timeout.</summary>
    public static readonly Option<double?> Timeout = OptionValues.Seconds("--timeout", 30, 0.001, 3600,
        "Limit on one request, up to the last reply byte, in seconds.");

    /// <summary>--json.</summary>
    public static readonly Option<string?> Json = new("--json")
    {
        Description = "Also write the results as JSON to this file.",
        HelpName = "path",
        CustomParser = OptionValues.OutputFile,
    };

    /// <summary>--record-acks.</summary>
    public static readonly Option<string?> RecordAcks = new("--record-acks")
    {
        Description = "submitOrder: append the id of every order the target acknowledged (an empty 2xx, or a WCF call that " +
            "returned) to this file, one per line, written through at once; with the stub's --record-oneway the two files " +
            "tell exactly which acknowledged one-way messages never arrived.",
        HelpName = "path",
        CustomParser = OptionValues.OutputFile,
    };

    /// <summary>--repeat-share.</summary>
    public static readonly Option<double?> RepeatShare = OptionValues.Number("--repeat-share", "share", 0, 1,
        "A cache workload (raw mode): every request carries a SOAP header {urn:soaprouter:loadclient}CacheKey holding one of " +
        "--keys fixed keys with this probability, else a key of its own (a route's cache names the header in varyByHeaders).");

    /// <summary>--keys.</summary>
    public static readonly Option<int> Keys = OptionValues.Int("--keys", "n", LoadOptions.DefaultKeys, 1, 1_000_000,
        "With --repeat-share: how many fixed keys the repeated requests spread over evenly.");

    /// <summary>--tcp-buffer.</summary>
    public static readonly Option<int> TcpBuffer = OptionValues.Int("--tcp-buffer", "bytes", LoadOptions.DefaultTcpBuffer, 1024, 16 * 1024 * 1024,
        "netTcp (wcf mode): the connection buffer. WCF's own default, 8192, also sizes the socket's receive buffer, " +
        "which stalls large replies on loopback; pass 8192 to measure a stock client.");

    /// <summary>--admin-url.</summary>
    public static readonly Option<Uri?> AdminUrl = new("--admin-url")
    {
        Description = "The router's admin address (http://host:port): its /stats is read before and after the measured phase " +
            "and the change is reported.",
        HelpName = "url",
        CustomParser = OptionValues.HttpUrl,
    };

    /// <summary>--quiet.</summary>
    public static readonly Option<bool> Quiet = new("--quiet", "-q")
    {
        Description = "No progress line while the run goes.",
    };

    /// <summary>--allow-remote.</summary>
    public static readonly Option<bool> AllowRemote = new("--allow-remote")
    {
        Description = "Allow a --url or --admin-url host that is not loopback.",
    };

    /// <summary>--tls.</summary>
    public static readonly Option<bool> Tls = new("--tls")
    {
        Description = "netTcp: TLS (the application/ssl-tls upgrade, NetTcpBinding's transport security). An https URL implies TLS.",
    };

    /// <summary>--ca.</summary>
    public static readonly Option<string?> Ca = new("--ca")
    {
        Description = "TLS: a PEM bundle of the authorities the server certificate must chain to (these only) [default: the system's trusted authorities].",
        HelpName = "file",
    };

    /// <summary>--client-cert.</summary>
    public static readonly Option<string?> ClientCert = new("--client-cert")
    {
        Description = "TLS: a PEM certificate (then its intermediates) presented to the server; with --client-key.",
        HelpName = "file",
    };

    /// <summary>--client-key.</summary>
    public static readonly Option<string?> ClientKey = new("--client-key")
    {
        Description = "TLS: the unencrypted PEM private key (PKCS#8, PKCS#1 or SEC1) of --client-cert.",
        HelpName = "file",
    };

    /// <summary>--server-name.</summary>
    public static readonly Option<string?> ServerName = new("--server-name")
    {
        Description = "TLS: the name the server certificate must carry [default: the URL's host; localhost for net.tcp at a loopback IP]. " +
            "Raw https sends it as the Host header (so also as SNI); net.tcp uses it as WCF's DNS identity.",
        HelpName = "name",
    };

    /// <summary>--compression.</summary>
    public static readonly Option<LoadCompressionMode?> Compression = OptionValues.Enum("--compression", LoadCompressionMode.None,
        "none: plain requests, no Accept-Encoding (replies as the target writes them); wcf: WCF's own form, gzip requests as " +
        "application/soap+msbin1+gzip with Accept-Encoding: gzip, deflate (binaryHttp only); always, adaptive: the adaptive form " +
        "(Content-Encoding, X-Soap-Original-Length), every request from 1 KB up or as the adaptive policy decides (raw only). " +
        "Compressed replies are decoded in every mode but none.");

    /// <summary>--compression-codecs.</summary>
    public static readonly Option<IReadOnlyList<string>?> CompressionCodecs = OptionValues.Codecs(
        "--compression-codecs", "always, adaptive: the codecs requests may use and replies are asked in, in preference order, comma-separated " +
        $"[default: {string.Join(',', SoapRouter.Wire.Compression.CompressionOptions.Default.Codecs)}].");

    /// <summary>--bandwidth.</summary>
    public static readonly Option<double?> Bandwidth = OptionValues.Number("--bandwidth", "bytes/s", 1, 1e12,
        "adaptive: the client-to-target link's bandwidth in bytes per second, for the policy's pay rule. Default: estimated " +
        "from the uploads of large requests.");

    /// <summary>--max-decompressed-size.</summary>
    public static readonly Option<int> MaxDecompressedSize = OptionValues.Int("--max-decompressed-size", "bytes", LoadOptions.DefaultMaxDecompressedSize,
        1024, int.MaxValue, "A compressed reply that decodes past this many bytes is counted as a bomb (not an ok reply).");

    /// <summary>Said after the options in --help.</summary>
    public const string Epilogue = """
        Only loopback hosts (localhost, 127.0.0.0/8, ::1) are accepted unless --allow-remote is given: a load generator
        aimed at the wrong address is a denial of service, and the test machines allow loopback traffic only.
        Exit code: 0 every request succeeded, 1 some failed or the target could not be reached, 2 bad arguments.
        """;

    /// <summary>The root command; parsing does not change it, so one instance serves every parse.</summary>
    public static RootCommand Root { get; } = Create();

    private static RootCommand Create()
    {
        var root = new RootCommand("LoadClient: drives SOAP load at one endpoint and reports throughput, latency, errors and CPU.")
        {
            Url, Client, Binding, Addressing, Operation, Callbacks, Size, SizeDistributionOption, Orders, Profile, Serializer, To, Concurrency, Requests, Duration,
            Rate, Warmup, Timeout, Json, TcpBuffer, AdminUrl, Quiet, AllowRemote, Tls, Ca, ClientCert, ClientKey, ServerName,
            Compression, CompressionCodecs, Bandwidth, MaxDecompressedSize, RecordAcks, RepeatShare, Keys,
        };
        foreach (var option in root.Options)
        {
            if (option is System.CommandLine.Help.HelpOption help && help.Action is System.CommandLine.Help.HelpAction action)
            {
                help.Action = new HelpWithEpilogue(action, Epilogue);
            }
        }

        return root;
    }
}
