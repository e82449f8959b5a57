using System.Globalization;
using System.Net;
using Samples.Payloads;
using SoapRouter.Wire.Compression;

namespace BackendStub.Hosting;

/// <summary>Parses the stub's command line (<c>--name value</c> or <c>--name=value</c>), reporting every error in one pass.</summary>
public static class StubOptionsParser
{
    private const string HttpPort = "--http-port";
    private const string TcpPort = "--tcp-port";
    private const string TcpMaxConnections = "--tcp-max-connections";
    private const string LatencyMs = "--latency-ms";
    private const string FaultRate = "--fault-rate";
    private const string FaultEvery = "--fault-every";
    private const string Seed = "--seed";
    private const string Profile = "--profile";
    private const string Host = "--host";
    private const string MaxMessageSize = "--max-message-size";
    private const string AddressFilter = "--address-filter";
    private const string MaxDecompressedSize = "--max-decompressed-size";
    private const string Compression = "--compression";
    private const string CompressionCodecs = "--compression-codecs";
    private const string CompressionMinSize = "--compression-min-size";
    private const string Bandwidth = "--bandwidth";
    private const string HttpsPort = "--https-port";
    private const string TcpTlsPort = "--tcp-tls-port";
    private const string Certificate = "--certificate";
    private const string CertificateKey = "--certificate-key";
    private const string ClientCertificateAuthorities = "--client-certificate-authorities";
    private const string RecordOneWay = "--record-oneway";

    private static readonly string[] KnownOptions =
        [
            HttpPort, TcpPort, TcpMaxConnections, LatencyMs, FaultRate, FaultEvery, Seed, Profile, Host, MaxMessageSize, AddressFilter,
            MaxDecompressedSize, Compression, CompressionCodecs, CompressionMinSize, Bandwidth,
            HttpsPort, TcpTlsPort, Certificate, CertificateKey, ClientCertificateAuthorities, RecordOneWay,
        ];

    /// <summary>Usage text printed for --help and after errors.</summary>
    public const string HelpText = """
        Usage: BackendStub [options]

          --http-port <port>    HTTP port, 0..65535; 0 picks a free port (default 8080)
          --host <ip>           IP address to listen on (default 127.0.0.1)
          --tcp-port <port>     net.tcp port, 0..65535; 0 picks a free port (default: no net.tcp)
          --tcp-max-connections <n>
                                net.tcp connections served at once, n >= 1; past it a connection
                                gets the ServerTooBusy framing fault (default: no limit)
          --latency-ms <ms>     fixed latency added to every request, >= 0 (default 0)
          --fault-rate <p>      probability 0..1 that a request gets a SOAP fault (default 0)
          --fault-every <n>     every nth request gets a SOAP fault, n >= 1 (default off)
          --seed <int>          seed of payloads and fault draws (default 1)
          --profile <name>      HighlyCompressible | Compressible | Incompressible (default Compressible)
          --max-message-size <bytes>
                                largest request accepted, >= 1; larger gets HTTP 413, or on net.tcp
                                the MaxMessageSizeExceededFault framing fault (default 4194304)
          --address-filter <mode>
                                wsa:To check on soap12/binary: Default (WCF's: scheme, port, path; host
                                ignored) | Exact (host too) | Any (no check) (default Default)
          --max-decompressed-size <bytes>
                                largest size a compressed request may decode to, >= 1; past it the
                                request gets HTTP 413 with a Sender fault (default 16777216)
          --compression <mode>  none | always | adaptive: how HTTP replies are compressed, for peers
                                whose Accept-Encoding allows a codec (default none: never)
          --compression-codecs <list>
                                codecs replies may use, in preference order, comma-separated, from
                                lz4, zstd, brotli, gzip, deflate (default lz4,zstd,brotli,gzip,deflate)
          --compression-min-size <bytes>
                                replies smaller than this stay plain, >= 0 (default 1024)
          --bandwidth <bytes/s> the link's bandwidth for the adaptive policy, >= 1 (default: estimated
                                from the time large requests take to arrive)
          --https-port <port>   HTTPS port, 0..65535; 0 picks a free port: /basic, /soap12, /binary and
                                /stub/stats over TLS, besides the plain HTTP port (default: no HTTPS)
          --tcp-tls-port <port> net.tcp port with transport security (the TLS upgrade of
                                NetTcpBinding SecurityMode.Transport), 0..65535 (default: none)
          --certificate <file>  PEM server certificate (then any intermediates); required with
                                --https-port or --tcp-tls-port
          --certificate-key <file>
                                PEM private key of --certificate; required with it
          --client-certificate-authorities <file>
                                PEM bundle of authorities: client certificates are then required on
                                both TLS ports and must chain to one of them, be valid now and carry
                                the clientAuth usage (default: no client certificate asked for)
          --record-oneway <file>
                                append the OrderId of every one-way SubmitOrder accepted to this file,
                                one per line ('-' for an order without one), written before the 202 and
                                through to the OS at once, so a SIGKILL loses none (default: no file)
          --help, -h            show this text

        --fault-rate and --fault-every may be combined: a request faults when either rule fires.
        Compressed requests are always read, whatever --compression says: WCF's form (content type
        application/soap+msbin1+gzip or +deflate) and the adaptive form (Content-Encoding lz4, zstd, br,
        gzip or deflate, with X-Soap-Original-Length, required for lz4).
        """;

    /// <summary>Parses <paramref name="args"/>; never throws for bad input.</summary>
    public static StubOptionsParseResult Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var errors = new List<string>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var options = new StubOptions();
        var help = false;
        for (var i = 0; i < args.Count; i++)
        {
            var arg = args[i];
            if (arg is "--help" or "-h" or "-?")
            {
                help = true;
                continue;
            }

            if (!arg.StartsWith("--", StringComparison.Ordinal))
            {
                errors.Add($"Unexpected argument '{arg}': options start with '--'.");
                continue;
            }

            var (name, value) = SplitInline(arg);
            if (value is null && i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
            {
                value = args[++i];
            }

            if (Array.IndexOf(KnownOptions, name) < 0)
            {
                errors.Add($"Unknown option '{name}'.");
            }
            else if (!seen.Add(name))
            {
                errors.Add($"Option '{name}' is given more than once.");
            }
            else if (value is null)
            {
                errors.Add($"Option '{name}' needs a value.");
            }
            else
            {
                options = Apply(options, name, value, errors);
            }
        }

        CheckPorts(options, errors);
        CheckTls(options, errors);

        foreach (var error in options.Compression.Validate(Compression))
        {
            errors.Add(error);
        }

        return new StubOptionsParseResult(errors.Count == 0 ? options : null, errors, help);
    }

    /// <summary>Two listeners may not ask for the same non-zero port.</summary>
    private static void CheckPorts(StubOptions options, List<string> errors)
    {
        (string Name, int? Port)[] ports = [(HttpPort, options.HttpPort), (TcpPort, options.TcpPort), (HttpsPort, options.HttpsPort), (TcpTlsPort, options.TcpTlsPort)];
        for (var i = 0; i < ports.Length; i++)
        {
            for (var j = i + 1; j < ports.Length; j++)
            {
                if (ports[i].Port is { } port and not 0 && port == ports[j].Port)
                {
                    errors.Add($"Options '{ports[i].Name}' and '{ports[j].Name}' use the same port {port}.");
                }
            }
        }
    }

    /// <summary>A TLS port needs a certificate and its key; the certificate options mean nothing without a TLS port.</summary>
    private static void CheckTls(StubOptions options, List<string> errors)
    {
        if (options.ServesTls && (options.CertificatePath is null || options.CertificateKeyPath is null))
        {
            errors.Add($"Options '{HttpsPort}' and '{TcpTlsPort}' need '{Certificate}' and '{CertificateKey}'.");
        }

        if (!options.ServesTls && (options.CertificatePath ?? options.CertificateKeyPath ?? options.ClientCertificateAuthoritiesPath) is not null)
        {
            errors.Add($"Options '{Certificate}', '{CertificateKey}' and '{ClientCertificateAuthorities}' need '{HttpsPort}' or '{TcpTlsPort}'.");
        }
    }

    private static (string Name, string? Value) SplitInline(string arg)
    {
        var equals = arg.IndexOf('=', StringComparison.Ordinal);
        return equals < 0 ? (arg, null) : (arg[..equals], arg[(equals + 1)..]);
    }

    private static StubOptions Apply(StubOptions options, string name, string value, List<string> errors) => name switch
    {
        HttpPort => TryInt(name, value, 0, 65_535, errors, out var port) ? options with { HttpPort = port } : options,
        TcpPort => TryInt(name, value, 0, 65_535, errors, out var port) ? options with { TcpPort = port } : options,
        TcpMaxConnections => TryInt(name, value, 1, int.MaxValue, errors, out var most) ? options with { MaxTcpConnections = most } : options,
        LatencyMs => TryInt(name, value, 0, int.MaxValue, errors, out var ms) ? options with { Latency = TimeSpan.FromMilliseconds(ms) } : options,
        FaultRate => TryProbability(name, value, errors, out var rate) ? options with { FaultRate = rate } : options,
        FaultEvery => TryInt(name, value, 1, int.MaxValue, errors, out var every) ? options with { FaultEvery = every } : options,
        Seed => TryInt(name, value, int.MinValue, int.MaxValue, errors, out var seed) ? options with { Seed = seed } : options,
        Profile => TryEnum<PayloadProfile>(name, value, errors, out var profile) ? options with { Profile = profile } : options,
        Host => TryHost(name, value, errors) ? options with { Host = value } : options,
        MaxMessageSize => TryInt(name, value, 1, int.MaxValue, errors, out var size) ? options with { MaxMessageSize = size } : options,
        AddressFilter => TryEnum<AddressFilterMode>(name, value, errors, out var mode) ? options with { AddressFilter = mode } : options,
        MaxDecompressedSize => TryInt(name, value, 1, int.MaxValue, errors, out var cap) ? options with { MaxDecompressedSize = cap } : options,
        Compression => TryEnum<LinkCompressionMode>(name, value, errors, out var compression)
            ? options with { Compression = options.Compression with { Mode = compression } }
            : options,
        CompressionCodecs => TryCodecs(name, value, errors, out var codecs) ? options with { Compression = options.Compression with { Codecs = codecs } } : options,
        CompressionMinSize => TryInt(name, value, 0, int.MaxValue, errors, out var minSize)
            ? options with { Compression = WithMinSize(options.Compression, minSize) }
            : options,
        Bandwidth => TryLong(name, value, errors, out var bandwidth)
            ? options with { Compression = options.Compression with { BandwidthBytesPerSecond = bandwidth } }
            : options,
        HttpsPort => TryInt(name, value, 0, 65_535, errors, out var port) ? options with { HttpsPort = port } : options,
        TcpTlsPort => TryInt(name, value, 0, 65_535, errors, out var port) ? options with { TcpTlsPort = port } : options,
        Certificate => TryFile(name, value, errors) ? options with { CertificatePath = value } : options,
        CertificateKey => TryFile(name, value, errors) ? options with { CertificateKeyPath = value } : options,
        ClientCertificateAuthorities => TryFile(name, value, errors) ? options with { ClientCertificateAuthoritiesPath = value } : options,
        RecordOneWay => TryDirectory(name, value, errors) ? options with { RecordOneWayPath = value } : options,
        _ => options,
    };

    // Only that the file is there; what it holds is read at start (a bad file is a clear start-up error then).
    private static bool TryFile(string name, string value, List<string> errors)
    {
        if (File.Exists(value))
        {
            return true;
        }

        errors.Add($"Option '{name}': no file '{value}'.");
        return false;
    }

    // A file to write: its directory must exist (the file is created, or appended to, at start).
    private static bool TryDirectory(string name, string value, List<string> errors)
    {
        var directory = value.Length == 0 || value.Contains('\0', StringComparison.Ordinal) || Directory.Exists(value)
            ? null
            : Path.GetDirectoryName(Path.GetFullPath(value));
        if (directory is not null && Directory.Exists(directory))
        {
            return true;
        }

        errors.Add($"Option '{name}' must name a file in an existing directory; got '{value}'.");
        return false;
    }

    private static bool TryInt(string name, string value, int min, int max, List<string> errors, out int result)
    {
        if (int.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out result) && result >= min && result <= max)
        {
            return true;
        }

        var range = max == int.MaxValue ? (min == int.MinValue ? "an integer" : $"an integer >= {min}") : $"an integer from {min} to {max}";
        errors.Add($"Option '{name}' must be {range}; got '{value}'.");
        return false;
    }

    private static bool TryLong(string name, string value, List<string> errors, out long result)
    {
        if (long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out result) && result >= 1)
        {
            return true;
        }

        errors.Add($"Option '{name}' must be an integer >= 1; got '{value}'.");
        return false;
    }

    private static bool TryCodecs(string name, string value, List<string> errors, out IReadOnlyList<string> result)
    {
        var valid = true;
        var items = value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);

        // A codec named twice is taken once.
        var problems = CodecRegistry.Default.Check(items, out var named);
        foreach (var (_, item, problem) in problems)
        {
            if (problem != CodecListProblem.Repeated)
            {
                errors.Add($"Option '{name}': unknown codec '{item}' (known: lz4, zstd, brotli, gzip, deflate).");
                valid = false;
            }
        }

        var codecs = named.Select(static codec => codec.Name).ToList();
        if (codecs.Count == 0 && valid)
        {
            errors.Add($"Option '{name}' must name at least one codec; got '{value}'.");
            valid = false;
        }

        result = codecs;
        return valid;
    }

    // A min size under the fast level's threshold lowers that threshold too: replies from min size up are compressible.
    private static CompressionOptions WithMinSize(CompressionOptions options, int minSize) =>
        options with { MinSize = minSize, FastThreshold = options.FastThreshold >= 0 ? Math.Min(options.FastThreshold, minSize) : options.FastThreshold };

    private static bool TryProbability(string name, string value, List<string> errors, out double result)
    {
        // The range test also rejects NaN, which double.TryParse accepts.
        if (double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out result) && result >= 0 && result <= 1)
        {
            return true;
        }

        errors.Add($"Option '{name}' must be a number from 0 to 1; got '{value}'.");
        return false;
    }

    private static bool TryEnum<T>(string name, string value, List<string> errors, out T result)
        where T : struct, Enum
    {
        // Enum.TryParse would also take numbers ("7"), which are not names.
        if (!char.IsAsciiDigit(value.FirstOrDefault()) && Enum.TryParse(value, ignoreCase: true, out result) && Enum.IsDefined(result))
        {
            return true;
        }

        result = default;
        errors.Add($"Option '{name}' must be one of {string.Join(", ", Enum.GetNames<T>())}; got '{value}'.");
        return false;
    }

    private static bool TryHost(string name, string value, List<string> errors)
    {
        // An IP address only: the printed endpoint addresses and the Exact address filter use it as it is.
        if (IPAddress.TryParse(value, out var address) && address.ToString() == value)
        {
            return true;
        }

        errors.Add($"Option '{name}' must be an IP address such as 127.0.0.1 or ::1; got '{value}'.");
        return false;
    }
}
