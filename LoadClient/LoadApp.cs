using System.Diagnostics;
using LoadClient.CommandLine;
using LoadClient.Driving;
using LoadClient.Envelopes;
using LoadClient.Reporting;
using LoadClient.Wcf;

namespace LoadClient;

/// <summary>The whole program behind <see cref="Program"/>: parse, build the request once, drive, report.</summary>
internal static class LoadApp
{
    /// <summary>Exit code when every measured request succeeded.</summary>
    public const int Success = 0;

    /// <summary>Exit code when any request failed (fault, error, timeout) or the results could not be written.</summary>
    public const int Failures = 1;

    /// <summary>Exit code for bad arguments.</summary>
    public const int BadArguments = 2;

    /// <summary>Runs with <paramref name="args"/>; <paramref name="stop"/> ends the run early and still reports.</summary>
    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter error, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
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

        var call = OperationCalls.For(options);
        SoapRequestTemplate? template = null;
        ILoadTarget target;
        if (options.Client == LoadClientMode.Raw)
        {
            template = RequestTemplateBuilder.Build(options.Binding, call, options.To, ClientLimits.Unbounded);
            output.WriteLine($"Sending {options.Binding.Name} {Names.Of(options.Operation)} ({template.Body.Length:N0}-byte body) to {options.Url}");
            target = new SoapRequestSender(options.Url, template, options.Concurrency, options.Timeout);
        }
        else
        {
            output.WriteLine($"Calling {options.Binding.Name} {Names.Of(options.Operation)} through {options.Concurrency} WCF channel(s) to {options.Url}");
            target = call.CreateWcfTarget(WcfEndpoint.For(options));
        }

        LoadMeasurement measurement;
        await using (target)
        {
            measurement = await new LoadDriver(options, target).RunAsync(stop);
        }

        var report = LoadReport.Create(options, call, template, measurement, Stopwatch.Frequency);
        ConsoleReport.Write(report, output);

        if (options.JsonPath is { } path)
        {
            try
            {
                LoadReportJson.Write(report, path);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                error.WriteLine($"error: cannot write '{path}': {ex.Message}");
                return Failures;
            }
        }

        return report.AllSucceeded ? Success : Failures;
    }
}
