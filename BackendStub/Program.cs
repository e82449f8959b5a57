using System.Net.Sockets;
using System.Runtime.InteropServices;
using BackendStub.Hosting;

// Composition root: parse the command line (every error at once, exit 2), start the stub, print its endpoints
// one per line for tests and scripts, and run until SIGINT/SIGTERM (exit 0).
var parsed = StubOptionsParser.Parse(args);
if (!parsed.Succeeded)
{
    foreach (var error in parsed.Errors)
    {
        Console.Error.WriteLine($"error: {error}");
    }

    Console.Error.WriteLine(StubOptionsParser.HelpText);
    return 2;
}

if (parsed.HelpRequested)
{
    Console.WriteLine(StubOptionsParser.HelpText);
    return 0;
}

var stop = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, OnSignal);
using var sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, OnSignal);

// Spans go to a collector only when OTEL_EXPORTER_OTLP_ENDPOINT names one; disposing flushes them.
using var tracing = SoapRouter.Wire.Telemetry.OtlpTraceExport.StartFromEnvironment("soap-backendstub", BackendStub.Service.StubTracing.Name);
await using var host = new StubHost(parsed.Options!);
try
{
    await host.StartAsync();
}
catch (Exception ex) when (ex is IOException or SocketException or UnauthorizedAccessException)
{
    // Typically the port is taken (or --record-oneway's file cannot be written): one clear line rather than a stack trace.
    Console.Error.WriteLine($"error: cannot start: {ex.Message}");
    return 2;
}

foreach (var line in host.StartupLines)
{
    Console.WriteLine(line);
}

await stop.Task;
await host.StopAsync();
return 0;

void OnSignal(PosixSignalContext context)
{
    context.Cancel = true;
    stop.TrySetResult();
}
