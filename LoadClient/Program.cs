namespace LoadClient;

/// <summary>Entry point; the work is in <see cref="LoadApp"/> so tests can run it in-process.</summary>
internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        // Ctrl+C stops the run and still prints what was measured; a second Ctrl+C ends the process.
        using var stop = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) =>
        {
            if (!stop.IsCancellationRequested)
            {
                e.Cancel = true;
                stop.Cancel();
            }
        };

        // Spans go to a collector only when OTEL_EXPORTER_OTLP_ENDPOINT names one; disposing flushes them.
        using var tracing = SoapRouter.Wire.Telemetry.OtlpTraceExport.StartFromEnvironment("soap-loadclient", Driving.LoadTracing.Name);
        return await LoadApp.RunAsync(args, Console.Out, Console.Error, stop.Token, outputIsTerminal: !Console.IsOutputRedirected);
    }
}
