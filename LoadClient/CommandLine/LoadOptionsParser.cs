using System.CommandLine;
using System.CommandLine.Help;
using LoadClient.Payloads;
using SoapRouter.Wire.Bindings;

namespace LoadClient.CommandLine;

/// <summary>
/// Parses the command line with System.CommandLine (<see cref="LoadCommand"/>), then checks the options against each
/// other; every problem, System.CommandLine's and ours, is reported in one pass.
/// </summary>
internal static class LoadOptionsParser
{
    /// <summary>Parses <paramref name="args"/>; never throws for bad input.</summary>
    public static LoadOptionsParseResult Parse(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var parsed = LoadCommand.Root.Parse(args);
        if (parsed.Action is HelpWithEpilogue or HelpAction)
        {
            return new LoadOptionsParseResult(null, [], HelpRequested: true);
        }

        var errors = parsed.Errors.Select(e => e.Message).ToList();
        var options = Build(new Reader(parsed), errors);
        return new LoadOptionsParseResult(errors.Count == 0 ? options : null, errors, HelpRequested: false);
    }

    /// <summary>Writes System.CommandLine's help for LoadClient to <paramref name="output"/>.</summary>
    public static void WriteHelp(TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        LoadCommand.Root.Parse(["--help"]).Invoke(new InvocationConfiguration { Output = output, Error = output });
    }

    private static LoadOptions? Build(Reader read, List<string> errors)
    {
        // Checks between options are skipped when an option they depend on was itself wrong: one mistake, one error.
        var url = read.Valid(LoadCommand.Url);
        var allowRemote = read.Value(LoadCommand.AllowRemote);
        var binding = WithAddressing(read.Valid(LoadCommand.Binding), read.Valid(LoadCommand.Addressing), errors);
        var client = read.ValidStruct(LoadCommand.Client, LoadClientMode.Raw);
        var operation = read.ValidStruct(LoadCommand.Operation, LoadOperation.Echo);
        var distribution = read.ValidStruct(LoadCommand.SizeDistributionOption, SizeDistribution.Fixed);
        var serializer = read.ValidStruct(LoadCommand.Serializer, LoadSerializer.DataContract);
        var adminUrl = read.Valid(LoadCommand.AdminUrl);

        if (url is not null && !allowRemote && !LoopbackHosts.IsLoopback(url))
        {
            errors.Add($"Option '--url' names '{url.Host}', which is not a loopback host; pass '--allow-remote' to send load to another machine.");
        }

        if (adminUrl is not null && !allowRemote && !LoopbackHosts.IsLoopback(adminUrl))
        {
            errors.Add($"Option '--admin-url' names '{adminUrl.Host}', which is not a loopback host; pass '--allow-remote' to read another machine's router.");
        }

        if (read.Given(LoadCommand.TcpBuffer) && binding is { IsSession: false })
        {
            errors.Add("Option '--tcp-buffer' applies to netTcp only.");
        }

        if (read.Given(LoadCommand.Requests) && read.Given(LoadCommand.Duration))
        {
            errors.Add("Options '--requests' and '--duration' cannot be combined: a run is bounded by a count or by time.");
        }

        var notEcho = operation is { } known && known != LoadOperation.Echo;
        if (read.Given(LoadCommand.Size) && notEcho && operation != LoadOperation.SubmitOrder)
        {
            errors.Add("Option '--size' applies to '--operation echo' and 'submitOrder' only.");
        }

        if (read.Given(LoadCommand.SizeDistributionOption) && notEcho)
        {
            errors.Add("Option '--size-distribution' applies to '--operation echo' only.");
        }

        if (read.Given(LoadCommand.Size) && distribution == SizeDistribution.Seed)
        {
            errors.Add("Options '--size' and '--size-distribution seed' cannot be combined: the distribution chooses the sizes.");
        }

        if (read.Given(LoadCommand.Orders) && operation is { } operationKnown && operationKnown != LoadOperation.GetOrders)
        {
            errors.Add("Option '--orders' applies to '--operation getOrders' only.");
        }

        CheckSubscribe(read, operation, binding, serializer, errors);
        if (serializer == LoadSerializer.Protobuf && operation == LoadOperation.SubmitOrder)
        {
            errors.Add("Option '--serializer protobuf' applies to '--operation echo' and 'getOrders' (IProtoOrderService has no one-way operation).");
        }

        if (serializer == LoadSerializer.Protobuf && distribution == SizeDistribution.Seed)
        {
            errors.Add("Options '--serializer protobuf' and '--size-distribution seed' cannot be combined: protobuf echoes are one size (--size).");
        }

        if (read.Given(LoadCommand.To) && binding is { UsesAddressing: false })
        {
            errors.Add("Option '--to' applies to soap12Http, binaryHttp and netTcp only: basicHttp messages carry no WS-Addressing headers.");
        }

        if (binding is { IsSession: true } && client == LoadClientMode.Raw)
        {
            errors.Add($"Binding '{binding.Name}' is spoken by the WCF client only: add '--client wcf' (the raw mode posts HTTP requests).");
        }

        CheckCompression(read, binding, client, errors);
        CheckCacheKeys(read, client, errors);
        if (read.Given(LoadCommand.RecordAcks))
        {
            CheckRecordAcks(read, operation, errors);
        }

        if (url is not null)
        {
            CheckScheme(url, binding, errors);
        }

        var tls = TlsArguments.Read(
            url, read.Value(LoadCommand.Tls), read.Valid(LoadCommand.Ca), read.Valid(LoadCommand.ClientCert), read.Valid(LoadCommand.ClientKey),
            read.Valid(LoadCommand.ServerName), errors);

        // System.CommandLine throws when a value with an error is read: only clean arguments become options.
        if (url is null || errors.Count > 0)
        {
            return null;
        }

        var duration = read.Value(LoadCommand.Duration);
        return new LoadOptions
        {
            Url = url,
            Client = client ?? LoadClientMode.Raw,
            Binding = binding!,
            Operation = operation ?? LoadOperation.Echo,
            EchoSize = read.Value(LoadCommand.Size),
            OrderSize = operation == LoadOperation.SubmitOrder && read.Given(LoadCommand.Size) ? read.Value(LoadCommand.Size) : null,
            SizeDistribution = distribution ?? SizeDistribution.Fixed,
            OrderCount = read.Value(LoadCommand.Orders),
            Callbacks = read.Value(LoadCommand.Callbacks),
            Profile = read.Value(LoadCommand.Profile) ?? Samples.Payloads.PayloadProfile.Compressible,
            Serializer = serializer ?? LoadSerializer.DataContract,
            To = read.Value(LoadCommand.To) ?? url,
            Concurrency = read.Value(LoadCommand.Concurrency),
            Requests = read.Value(LoadCommand.Requests),
            Duration = duration is { } seconds ? TimeSpan.FromSeconds(seconds) : null,
            Rate = read.Value(LoadCommand.Rate),
            Warmup = read.Value(LoadCommand.Warmup),
            Timeout = TimeSpan.FromSeconds(read.Value(LoadCommand.Timeout) ?? 30),
            JsonPath = read.Value(LoadCommand.Json),
            AllowRemote = allowRemote,
            TcpBuffer = read.Value(LoadCommand.TcpBuffer),
            AdminUrl = adminUrl,
            Quiet = read.Value(LoadCommand.Quiet),
            Compression = read.Value(LoadCommand.Compression) ?? LoadCompressionMode.None,
            CompressionCodecs = read.Value(LoadCommand.CompressionCodecs),
            Bandwidth = read.Value(LoadCommand.Bandwidth) is { } bandwidth ? (long)bandwidth : null,
            MaxDecompressedSize = read.Value(LoadCommand.MaxDecompressedSize),
            RecordAcksPath = read.Value(LoadCommand.RecordAcks),
            CacheKeys = read.Value(LoadCommand.RepeatShare) is { } share ? new CacheKeyMix(share, read.Value(LoadCommand.Keys)) : null,
            Tls = tls,
        };
    }

    // --addressing picks the binding's WS-Addressing variant; basicHttp has none.
    private static WireBinding? WithAddressing(WireBinding? binding, string? addressing, List<string> errors)
    {
        if (binding is null || addressing is null)
        {
            return binding;
        }

        if (WireBindings.Find(binding.Name, encoding: null, addressing) is { } variant)
        {
            return variant;
        }

        errors.Add($"Option '--addressing' applies to {WireBindingNames.Soap12Http}, {WireBindingNames.BinaryHttp} and {WireBindingNames.NetTcp} only; " +
            $"binding '{binding.Name}' has no WS-Addressing.");
        return binding;
    }

    // subscribe is a duplex call on a net.tcp session (so the WCF mode, which netTcp already needs); it has no protobuf form.
    private static void CheckSubscribe(Reader read, LoadOperation? operation, WireBinding? binding, LoadSerializer? serializer, List<string> errors)
    {
        if (operation != LoadOperation.Subscribe)
        {
            if (read.Given(LoadCommand.Callbacks) && operation is not null)
            {
                errors.Add("Option '--callbacks' applies to '--operation subscribe' only.");
            }

            return;
        }

        if (binding is { IsSession: false })
        {
            errors.Add($"Option '--operation subscribe' is a duplex call on a net.tcp session: it needs '--binding netTcp'; got '{binding.Name}'.");
        }

        if (serializer == LoadSerializer.Protobuf)
        {
            errors.Add("Option '--serializer protobuf' applies to '--operation echo' and 'getOrders' (IProtoOrderService has no duplex operation).");
        }
    }

    // WCF's form is the binary encoder's only; the adaptive form needs the raw mode (a stock WCF client cannot send it).
    private static void CheckCompression(Reader read, WireBinding? binding, LoadClientMode? client, List<string> errors)
    {
        var mode = read.ValidStruct(LoadCommand.Compression, LoadCompressionMode.None);
        if (mode == LoadCompressionMode.Wcf && binding is not null && binding.Name != WireBindingNames.BinaryHttp)
        {
            errors.Add($"Option '--compression wcf' is WCF's binary encoder's gzip (application/soap+msbin1+gzip): it needs '--binding binaryHttp'; got '{binding.Name}'.");
        }

        if (mode is LoadCompressionMode.Always or LoadCompressionMode.Adaptive && client == LoadClientMode.Wcf)
        {
            errors.Add($"Option '--compression {Names.Of(mode.Value)}' is the adaptive form (Content-Encoding with any codec), which a stock WCF client " +
                "cannot send or read: use '--client raw', or '--compression wcf' for WCF's own gzip.");
        }

        if (read.Given(LoadCommand.CompressionCodecs) && mode is not (LoadCompressionMode.Always or LoadCompressionMode.Adaptive or null))
        {
            errors.Add("Option '--compression-codecs' applies to '--compression always' and '--compression adaptive' only (wcf is gzip).");
        }

        if (read.Given(LoadCommand.Bandwidth) && mode is not (LoadCompressionMode.Adaptive or null))
        {
            errors.Add("Option '--bandwidth' applies to '--compression adaptive' only.");
        }

        if (read.Given(LoadCommand.MaxDecompressedSize) && mode == LoadCompressionMode.None)
        {
            errors.Add("Option '--max-decompressed-size' applies when replies may be compressed: '--compression wcf', 'always' or 'adaptive'.");
        }
    }

    // The key is spliced into the raw template as it is sent: not in the WCF mode, nor into a body compressed once.
    private static void CheckCacheKeys(Reader read, LoadClientMode? client, List<string> errors)
    {
        if (read.Given(LoadCommand.Keys) && !read.Given(LoadCommand.RepeatShare))
        {
            errors.Add("Option '--keys' applies with '--repeat-share' only.");
        }

        if (!read.Given(LoadCommand.RepeatShare))
        {
            return;
        }

        if (client == LoadClientMode.Wcf)
        {
            errors.Add("Option '--repeat-share' needs '--client raw': the key header is spliced into the raw mode's template.");
        }

        var mode = read.ValidStruct(LoadCommand.Compression, LoadCompressionMode.None);
        if (mode is not (LoadCompressionMode.None or null))
        {
            errors.Add($"Option '--repeat-share' needs '--compression none': with '--compression {Names.Of(mode.Value)}' a request's body is not written as it is sent.");
        }
    }

    // Each order must carry an id of its own: one-way submitOrder only, and no template compressed once with its id inside.
    private static void CheckRecordAcks(Reader read, LoadOperation? operation, List<string> errors)
    {
        if (operation is { } known && known != LoadOperation.SubmitOrder)
        {
            errors.Add("Option '--record-acks' applies to '--operation submitOrder' only (the one-way operation whose acknowledgement is all a sender learns).");
        }

        if (read.ValidStruct(LoadCommand.Compression, LoadCompressionMode.None) is { } mode && mode != LoadCompressionMode.None)
        {
            errors.Add($"Option '--record-acks' needs '--compression none': with '--compression {Names.Of(mode)}' requests do not each carry an order id of their own.");
        }
    }

    // The URL's scheme must be the binding's transport; an unknown binding (already reported) skips the check.
    private static void CheckScheme(Uri url, WireBinding? binding, List<string> errors)
    {
        var netTcp = url.Scheme == Uri.UriSchemeNetTcp;
        if (binding is { IsSession: true } && !netTcp)
        {
            errors.Add($"Option '--url' must be a net.tcp URL for binding '{binding.Name}'; got '{url}'.");
        }
        else if (binding is { IsSession: false } && netTcp)
        {
            errors.Add($"Option '--url' must be an http or https URL for binding '{binding.Name}'; net.tcp is binding '{WireBindingNames.NetTcp}''s.");
        }
    }

    /// <summary>Reads option values from one parse, telling given from defaulted and valid from reported.</summary>
    private readonly struct Reader(ParseResult parsed)
    {
        public bool Given(Option option) => parsed.GetResult(option) is { Implicit: false };

        public T Value<T>(Option<T> option) => parsed.GetValue(option)!;

        /// <summary>The value when it parsed cleanly (given or defaulted); null when its error is already reported.</summary>
        public T? Valid<T>(Option<T> option)
            where T : class? => HasErrors(option) ? null : parsed.GetValue(option);

        /// <summary>The value (or <paramref name="fallback"/> when not given) when it parsed cleanly; null when its error is already reported.</summary>
        public T? ValidStruct<T>(Option<T?> option, T fallback)
            where T : struct => HasErrors(option) ? null : parsed.GetValue(option) ?? fallback;

        private bool HasErrors(Option option)
        {
            var result = parsed.GetResult(option);
            return result is not null && parsed.Errors.Any(e => e.SymbolResult is { } s && (s == result || s.Parent == result));
        }
    }
}
