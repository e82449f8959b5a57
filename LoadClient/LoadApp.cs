using LoadClient.AdminStats;
using LoadClient.CommandLine;
using LoadClient.Compression;
using LoadClient.Driving;
using LoadClient.Envelopes;
using LoadClient.Preflight;
using LoadClient.Reporting;
using LoadClient.Tls;
using LoadClient.Wcf;
using SoapRouter.Wire.Errors;

namespace LoadClient;

/// <summary>The whole program behind <see cref="Program"/>: parse, check the target, build the requests once, drive, report.</summary>
internal static class LoadApp
{
    /// <summary>Exit code when every measured request succeeded.</summary>
    public const int Success = 0;

    /// <summary>Exit code when any request failed (fault, error, timeout), the target could not be used, or the results could not be written.</summary>
    public const int Failures = 1;

    /// <summary>Exit code for bad arguments.</summary>
    public const int BadArguments = 2;

    /// <summary>
    /// Runs with <paramref name="args"/>; <paramref name="stop"/> ends the run early and still reports.
    /// <paramref name="outputIsTerminal"/> chooses the live progress line over plain progress lines.
    /// </summary>
    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter error, CancellationToken stop, bool outputIsTerminal = false)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        if (args is [Streamed.StreamedTransferCommand.Name, ..])
        {
            return await Streamed.StreamedTransferRun.RunAsync([.. args.Skip(1)], output, error).ConfigureAwait(false);
        }

        var parsed = LoadOptionsParser.Parse(args);
        if (parsed.HelpRequested)
        {
            LoadOptionsParser.WriteHelp(output);
            return Success;
        }

        if (parsed.Options is not { } options)
        {
            foreach (var problem in parsed.Errors)
            {
                error.WriteLine($"error: {problem}");
            }

            error.WriteLine();
            LoadOptionsParser.WriteHelp(error);
            return BadArguments;
        }

        if (await Reachability.CheckAsync(options.Url, options.Timeout, stop) is { } unreachable)
        {
            error.WriteLine($"error: {unreachable}");
            return Failures;
        }

        var tls = options.Tls is { } settings ? new TargetTls(settings) : null;
        if (tls is not null && await TlsCheck.CheckAsync(options, tls, stop) is { } refused)
        {
            error.WriteLine($"error: {refused}");
            return Failures;
        }

        Samples.Delivery.DeliveryRecord? acknowledged = null;
        if (options.RecordAcksPath is { } recordPath)
        {
            try
            {
                acknowledged = Samples.Delivery.DeliveryRecord.Open(recordPath);
            }
            catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
            {
                error.WriteLine($"error: cannot write '{recordPath}': {ex.Message}");
                return Failures;
            }
        }

        using var acknowledgedRecord = acknowledged;
        var call = OperationCalls.For(options);
        RequestTemplateSet? templates = null;
        ClientCompression? compression = null;
        ILoadTarget target;
        Func<SendResult, string?> firstReplyCheck;
        if (options.Client == LoadClientMode.Raw)
        {
            templates = OperationCalls.BuildTemplates(options, call);
            var contentType = templates.First.ContentType;
            var sizes = templates.Templates.Count == 1
                ? $"{templates.First.Body.Length:N0}-byte body"
                : $"{templates.Templates.Count} bodies of {templates.First.Body.Length:N0} to {templates.Templates[^1].Body.Length:N0} bytes";
            output.WriteLine($"Sending {options.Binding.Name} {Names.Of(options.Operation)} ({sizes}) to {options.Url}");
            compression = ClientCompression.For(options);
            var sender = new SoapRequestSender(options.Url, templates, options.Concurrency, options.Timeout, compression, tls);
            templates = sender.Templates;
            target = sender;
            firstReplyCheck = first => BindingCheck.Raw(first, options.Binding, contentType);
        }
        else
        {
            output.WriteLine($"Calling {options.Binding.Name} {Names.Of(options.Operation)} through {options.Concurrency} WCF channel(s) to {options.Url}");
            target = call.CreateWcfTarget(WcfEndpoint.For(options, tls));
            firstReplyCheck = first => BindingCheck.Wcf(first, options.Binding);
        }

        using var router = options.AdminUrl is { } admin ? new RouterStatsReader(admin, options.Timeout) : null;
        LoadMeasurement measurement;
        await using (target)
        {
            var driver = new LoadDriver(options, target)
            {
                FirstReplyCheck = firstReplyCheck,
                BeforeMeasure = router is null ? null : router.ReadBeforeAsync,
                AfterMeasure = router is null ? null : router.ReadAfterAsync,
                ProgressOutput = options.Quiet ? null : output,
                ProgressOnTerminal = outputIsTerminal,
                TlsHandshakes = tls is null ? null : () => tls.Handshakes,
                Acknowledged = acknowledged,
            };
            measurement = await driver.RunAsync(stop);
        }

        if (measurement.AbortReason is { } reason)
        {
            error.WriteLine($"error: {reason}");
            return Failures;
        }

        var report = LoadReport.Create(options, call, templates, measurement, router is null ? null : RouterReport.From(router), compression?.Link.GetStatistics());
        ConsoleReport.Write(report, output);

        if (options.JsonPath is { } path)
        {
            try
            {
                LoadReportJson.Write(report, path);
            }
            catch (Exception ex) when (ErrorClassifier.IsFileAccessFailure(ex))
            {
                error.WriteLine($"error: cannot write '{path}': {ex.Message}");
                return Failures;
            }
        }

        return report.AllSucceeded ? Success : Failures;
    }
}
