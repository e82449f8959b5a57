using System.Globalization;
using Samples.Payloads;
using SoapRouter.Wire.Bindings;

namespace LoadClient.CommandLine;

/// <summary>Parses the command line (<c>--name value</c> or <c>--name=value</c>), reporting every error in one pass.</summary>
internal static class LoadOptionsParser
{
    /// <summary>Longest --duration: a run is bounded so a forgotten client does not load a shared router for hours.</summary>
    public const int MaxDurationSeconds = 600;

    /// <summary>Largest --size: one echo request body.</summary>
    public const int MaxEchoSize = 64 * 1024 * 1024;

    /// <summary>Largest --orders.</summary>
    public const int MaxOrderCount = 100_000;

    /// <summary>Largest --concurrency.</summary>
    public const int MaxConcurrency = 1024;

    private const string Url = "--url";
    private const string Client = "--client";
    private const string Binding = "--binding";
    private const string Operation = "--operation";
    private const string Size = "--size";
    private const string Orders = "--orders";
    private const string Profile = "--profile";
    private const string To = "--to";
    private const string Concurrency = "--concurrency";
    private const string Requests = "--requests";
    private const string Duration = "--duration";
    private const string Warmup = "--warmup";
    private const string Timeout = "--timeout";
    private const string Json = "--json";
    private const string AllowRemote = "--allow-remote";
    private const string TcpBuffer = "--tcp-buffer";

    private static readonly string[] ValueOptions =
        [Url, Client, Binding, Operation, Size, Orders, Profile, To, Concurrency, Requests, Duration, Warmup, Timeout, Json, TcpBuffer];

    /// <summary>Usage text printed for --help and after errors.</summary>
    public const string HelpText = """
        Usage: LoadClient --url <url> [options]

          --url <url>            endpoint every request goes to (required; http or https, net.tcp for netTcp)
          --client <mode>        raw | wcf (default raw): raw HTTP posts of a template encoded once, or
                                 ChannelFactory channels (no byte counts; plain http and net.tcp only)
          --binding <name>       basicHttp | soap12Http | binaryHttp | netTcp (default basicHttp;
                                 netTcp needs --client wcf)
          --operation <name>     echo | getOrders | submitOrder (default echo)
          --size <bytes>         echo payload size, 1..67108864 (default 1024; echo only)
          --orders <n>           orders getOrders asks for, 0..100000 (default 10; getOrders only)
          --profile <name>       HighlyCompressible | Compressible | Incompressible (default Compressible)
          --to <uri>             wsa:To of soap12Http/binaryHttp/netTcp messages (default the --url)
          --concurrency <n>      requests in flight: raw workers and pooled connections, or WCF
                                 channels, 1..1024 (default 4)
          --requests <n>         measured requests, >= 1 (default 200)
          --duration <seconds>   measure for this long instead, 1..600 (not with --requests)
          --warmup <n>           unmeasured requests sent first, >= 0 (default 10)
          --timeout <seconds>    limit on one request, up to the last reply byte, 0.001..3600 (default 30)
          --json <path>          also write the results as JSON to this file
          --tcp-buffer <bytes>   netTcp (wcf mode): the connection buffer, 1024..16777216 (default 65536).
                                 WCF's own default, 8192, also sizes the socket's receive buffer, which
                                 stalls large replies on loopback; pass 8192 to measure a stock client
          --allow-remote         allow a --url host that is not loopback
          --help, -h             show this text

        Only loopback hosts (localhost, 127.0.0.0/8, ::1) are accepted unless --allow-remote is given:
        a load generator aimed at the wrong address is a denial of service, and the test machines allow
        loopback traffic only. Exit code: 0 every request succeeded, 1 some failed, 2 bad arguments.
        """;

    /// <summary>Parses <paramref name="args"/>; never throws for bad input.</summary>
    public static LoadOptionsParseResult Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var errors = new List<string>();
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        var allowRemote = false;
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
            if (name == AllowRemote)
            {
                if (value is not null)
                {
                    errors.Add($"Option '{AllowRemote}' takes no value.");
                }

                allowRemote = true;
                continue;
            }

            // A value after an unknown option is taken as its value too, so one mistake gives one error.
            if (value is null && i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
            {
                value = args[++i];
            }

            if (Array.IndexOf(ValueOptions, name) < 0)
            {
                errors.Add($"Unknown option '{name}'.");
            }
            else if (value is null)
            {
                errors.Add($"Option '{name}' needs a value.");
            }
            else if (!values.TryAdd(name, value))
            {
                errors.Add($"Option '{name}' is given more than once.");
            }
        }

        var options = Build(values, allowRemote, errors);
        return new LoadOptionsParseResult(errors.Count == 0 ? options : null, errors, help);
    }

    private static LoadOptions? Build(Dictionary<string, string> values, bool allowRemote, List<string> errors)
    {
        var url = ReadUrl(values, allowRemote, errors);

        // Checks between options are skipped when the option they depend on was itself wrong: one mistake, one error.
        var errorsBefore = errors.Count;
        var binding = Read(values, Binding, WireBindings.BasicHttp, errors, TryBinding);
        var bindingKnown = errors.Count == errorsBefore;
        errorsBefore = errors.Count;
        var client = Read(values, Client, LoadClientMode.Raw, errors, TryEnum<LoadClientMode>);
        var clientKnown = errors.Count == errorsBefore;
        errorsBefore = errors.Count;
        var operation = Read(values, Operation, LoadOperation.Echo, errors, TryEnum<LoadOperation>);
        var operationKnown = errors.Count == errorsBefore;
        var size = Read(values, Size, LoadOptions.DefaultEchoSize, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 1, MaxEchoSize, e, out r));
        var orders = Read(values, Orders, LoadOptions.DefaultOrderCount, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 0, MaxOrderCount, e, out r));
        var profile = Read(values, Profile, PayloadProfile.Compressible, errors, TryEnum<PayloadProfile>);
        var to = Read<Uri?>(values, To, null, errors, TryAbsoluteUri);
        var concurrency = Read(values, Concurrency, 4, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 1, MaxConcurrency, e, out r));
        var requests = Read(values, Requests, 200, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 1, int.MaxValue, e, out r));
        var duration = Read<double?>(values, Duration, null, errors, (string n, string v, List<string> e, out double? r) => TrySeconds(n, v, 1, MaxDurationSeconds, e, out r));
        var warmup = Read(values, Warmup, 10, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 0, int.MaxValue, e, out r));
        var timeout = Read<double?>(values, Timeout, 30, errors, (string n, string v, List<string> e, out double? r) => TrySeconds(n, v, 0.001, 3600, e, out r));
        var json = values.GetValueOrDefault(Json);
        var tcpBuffer = Read(values, TcpBuffer, LoadOptions.DefaultTcpBuffer, errors, (string n, string v, List<string> e, out int r) => TryInt(n, v, 1024, 16 * 1024 * 1024, e, out r));
        if (values.ContainsKey(TcpBuffer) && bindingKnown && !binding.IsSession)
        {
            errors.Add($"Option '{TcpBuffer}' applies to netTcp only.");
        }

        if (!values.ContainsKey(Url))
        {
            errors.Add($"Option '{Url}' is required.");
        }

        if (values.ContainsKey(Requests) && values.ContainsKey(Duration))
        {
            errors.Add($"Options '{Requests}' and '{Duration}' cannot be combined: a run is bounded by a count or by time.");
        }

        if (values.ContainsKey(Size) && operationKnown && operation != LoadOperation.Echo)
        {
            errors.Add($"Option '{Size}' applies to '{Operation} echo' only.");
        }

        if (values.ContainsKey(Orders) && operationKnown && operation != LoadOperation.GetOrders)
        {
            errors.Add($"Option '{Orders}' applies to '{Operation} getOrders' only.");
        }

        if (values.ContainsKey(To) && bindingKnown && !binding.UsesAddressing)
        {
            errors.Add($"Option '{To}' applies to soap12Http, binaryHttp and netTcp only: basicHttp messages carry no WS-Addressing headers.");
        }

        if (bindingKnown && clientKnown && binding.IsSession && client == LoadClientMode.Raw)
        {
            errors.Add($"Binding '{binding.Name}' is spoken by the WCF client only: add '{Client} wcf' (the raw mode posts HTTP requests).");
        }

        if (url is not null)
        {
            CheckScheme(url, bindingKnown ? binding : null, clientKnown ? client : null, errors);
        }

        if (json is not null)
        {
            CheckJsonPath(json, errors);
        }

        if (url is null)
        {
            return null;
        }

        return new LoadOptions
        {
            Url = url,
            Client = client,
            Binding = binding,
            Operation = operation,
            EchoSize = size,
            OrderCount = orders,
            Profile = profile,
            To = to ?? url,
            Concurrency = concurrency,
            Requests = requests,
            Duration = duration is { } seconds ? TimeSpan.FromSeconds(seconds) : null,
            Warmup = warmup,
            Timeout = TimeSpan.FromSeconds(timeout ?? 30),
            JsonPath = json,
            AllowRemote = allowRemote,
            TcpBuffer = tcpBuffer,
        };
    }

    private delegate bool TryParseValue<T>(string name, string value, List<string> errors, out T result);

    private static T Read<T>(Dictionary<string, string> values, string name, T fallback, List<string> errors, TryParseValue<T> parse) =>
        values.TryGetValue(name, out var value) && parse(name, value, errors, out var parsed) ? parsed : fallback;

    private static (string Name, string? Value) SplitInline(string arg)
    {
        var equals = arg.IndexOf('=', StringComparison.Ordinal);
        return equals < 0 ? (arg, null) : (arg[..equals], arg[(equals + 1)..]);
    }

    private static Uri? ReadUrl(Dictionary<string, string> values, bool allowRemote, List<string> errors)
    {
        if (!values.TryGetValue(Url, out var value))
        {
            return null;
        }

        if (!Uri.TryCreate(value, UriKind.Absolute, out var url)
            || (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps && url.Scheme != Uri.UriSchemeNetTcp))
        {
            errors.Add($"Option '{Url}' must be an absolute http, https or net.tcp URL; got '{value}'.");
            return null;
        }

        if (!allowRemote && !LoopbackHosts.IsLoopback(url))
        {
            errors.Add($"Option '{Url}' names '{url.Host}', which is not a loopback host; pass '{AllowRemote}' to send load to another machine.");
        }

        return url;
    }

    private static bool TryAbsoluteUri(string name, string value, List<string> errors, out Uri? result)
    {
        if (Uri.TryCreate(value, UriKind.Absolute, out result))
        {
            return true;
        }

        errors.Add($"Option '{name}' must be an absolute URI; got '{value}'.");
        return false;
    }

    private static bool TryInt(string name, string value, int min, int max, List<string> errors, out int result)
    {
        if (int.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out result) && result >= min && result <= max)
        {
            return true;
        }

        var range = max == int.MaxValue ? $"an integer >= {min}" : $"an integer from {min} to {max}";
        errors.Add($"Option '{name}' must be {range}; got '{value}'.");
        return false;
    }

    private static bool TrySeconds(string name, string value, double min, double max, List<string> errors, out double? result)
    {
        // The range test also rejects NaN and infinities, which double.TryParse accepts.
        if (double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var seconds) && seconds >= min && seconds <= max)
        {
            result = seconds;
            return true;
        }

        result = null;
        errors.Add($"Option '{name}' must be a number of seconds from {min.ToString(CultureInfo.InvariantCulture)} to {max.ToString(CultureInfo.InvariantCulture)}; got '{value}'.");
        return false;
    }

    private static bool TryEnum<T>(string name, string value, List<string> errors, out T result)
        where T : struct, Enum
    {
        // Enum.TryParse would also take numbers ("7"), which are not names.
        if (!char.IsAsciiDigit(value.FirstOrDefault()) && value.FirstOrDefault() != '-'
            && Enum.TryParse(value, ignoreCase: true, out result) && Enum.IsDefined(result))
        {
            return true;
        }

        result = default;
        var names = Enum.GetNames<T>().Select(n => char.ToLowerInvariant(n[0]) + n[1..]);
        errors.Add($"Option '{name}' must be one of {string.Join(", ", names)}; got '{value}'.");
        return false;
    }

    private static bool TryBinding(string name, string value, List<string> errors, out WireBinding result)
    {
        var found = WireBindings.All.FirstOrDefault(b => b.Name.Equals(value, StringComparison.OrdinalIgnoreCase));
        if (found is not null)
        {
            result = found;
            return true;
        }

        result = WireBindings.BasicHttp;
        errors.Add($"Option '{name}' must be one of {string.Join(", ", WireBindingNames.All)}; got '{value}'.");
        return false;
    }

    // The URL's scheme must be the binding's transport; unknown binding or client (already reported) skip their checks.
    private static void CheckScheme(Uri url, WireBinding? binding, LoadClientMode? client, List<string> errors)
    {
        var netTcp = url.Scheme == Uri.UriSchemeNetTcp;
        if (binding is { IsSession: true } && !netTcp)
        {
            errors.Add($"Option '{Url}' must be a net.tcp URL for binding '{binding.Name}'; got '{url}'.");
        }
        else if (binding is { IsSession: false } && netTcp)
        {
            errors.Add($"Option '{Url}' must be an http or https URL for binding '{binding.Name}'; net.tcp is binding '{WireBindingNames.NetTcp}''s.");
        }

        if (client == LoadClientMode.Wcf && url.Scheme == Uri.UriSchemeHttps)
        {
            errors.Add($"Option '{Client} wcf' speaks plain http: the wire library's client bindings have no transport security; got '{url}'.");
        }
    }

    private static void CheckJsonPath(string path, List<string> errors)
    {
        string? directory = null;
        var valid = path.Length > 0 && path.IndexOf('\0', StringComparison.Ordinal) < 0 && !Directory.Exists(path);
        if (valid)
        {
            directory = Path.GetDirectoryName(Path.GetFullPath(path));
        }

        if (!valid || (directory is not null && !Directory.Exists(directory)))
        {
            errors.Add($"Option '{Json}' must name a file in an existing directory; got '{path}'.");
        }
    }
}
