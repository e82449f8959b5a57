using System.Runtime.InteropServices;
using Serilog;
using Serilog.Core;
using Serilog.Events;
using Serilog.Extensions.Logging;
using SoapRouter.Configuration;
using SoapRouter.Hosting;

// Composition root: parse the command line, load and validate router.json (refusing to start on any
// error), wire logging, start the router and run until SIGINT/SIGTERM.
var commandLine = RouterCommandLine.TryParse(args, out var argumentErrors);
if (commandLine is null)
{
    foreach (var error in argumentErrors)
    {
        Console.Error.WriteLine($"error: {error}");
    }

    Console.Error.WriteLine(RouterCommandLine.Usage);
    return 2;
}

var levelSwitch = new LoggingLevelSwitch(LogEventLevel.Information);
var formatSwitch = new LogFormatSwitch { Json = commandLine.LogFormat == TelemetryLogFormats.Json };
Log.Logger = RouterLogging.Create(levelSwitch, formatSwitch);
using var loggerFactory = new SerilogLoggerFactory(Log.Logger, dispose: true);

RouterConfigProvider provider;
try
{
    provider = new RouterConfigProvider(Path.GetFullPath(commandLine.ConfigPath), loggerFactory.CreateLogger<RouterConfigProvider>());
}
catch (RouterConfigException ex)
{
    Console.Error.WriteLine(ex.Message);
    return 2;
}

using (provider)
{
    if (commandLine.CheckOnly)
    {
        foreach (var warning in provider.Snapshot.Warnings)
        {
            Console.WriteLine($"warning: {warning}");
        }

        Console.WriteLine($"{provider.FilePath}: valid");
        return 0;
    }

    // Before any socket exists: the socket engine reads its scheduling once per process.
    var (inlineIo, fromEnvironment) = IoScheduling.ConfigureProcess(provider.Snapshot.Config.Limits.InlineIo);
    var where = inlineIo ? "inline on the socket event threads" : "on the thread pool";
    var source = fromEnvironment ? IoScheduling.InlineCompletionsVariable + " is set" : "limits.inlineIo";
    var ioLogger = loggerFactory.CreateLogger("SoapRouter.Hosting.IoScheduling");
    HostingLog.IoScheduling(ioLogger, where, source);

    RouterHost host;
    try
    {
        host = new RouterHost(provider, loggerFactory, TimeProvider.System);
    }
    catch (ArgumentException ex)
    {
        Console.Error.WriteLine($"error: {ex.Message}");
        return 2;
    }

    await using var _ = host;

    // The format is read at start: --log-format, else telemetry.logFormat.
    formatSwitch.Json = (commandLine.LogFormat ?? host.Runtime.State.Config.Telemetry.LogFormat) == TelemetryLogFormats.Json;
    host.Runtime.StateChanged += (_, state) => levelSwitch.MinimumLevel = ParseLevel(state.Config.Telemetry.LogLevel);
    levelSwitch.MinimumLevel = ParseLevel(host.Runtime.State.Config.Telemetry.LogLevel);

    var stop = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

    // The first signal drains (docker stop sends SIGTERM); a second one cuts the drain short.
    using var force = new CancellationTokenSource();
    using var sigint = PosixSignalRegistration.Create(PosixSignal.SIGINT, OnSignal);
    using var sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, OnSignal);

    try
    {
        await host.StartAsync();
    }
    catch (ListenAddressInUseException ex)
    {
        // A port taken (a listener's or the admin's): refuse to start with one clear line rather than a stack trace.
        Console.Error.WriteLine($"router: {ex.Message}");
        return 2;
    }
    catch (IOException ex)
    {
        Console.Error.WriteLine($"error: cannot start: {ex.Message}");
        return 2;
    }

    await stop.Task;
    Log.Information("Stopping");
    await host.StopAsync(force.Token);
    return 0;

    void OnSignal(PosixSignalContext context)
    {
        context.Cancel = true;
        if (!stop.TrySetResult())
        {
            force.Cancel();
        }
    }
}

static LogEventLevel ParseLevel(string level) =>
    Enum.TryParse<LogEventLevel>(level, ignoreCase: false, out var parsed) ? parsed : LogEventLevel.Information;
