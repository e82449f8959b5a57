using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;
using Microsoft.Diagnostics.Tracing.Parsers;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

// What a running process allocates, by type and by allocating stack: the runtime's AllocationTick events (one per
// about 100 KB allocated) over an EventPipe session of the given length, read with TraceEvent.
// Usage: dotnet Benchmarks/AllocSampler/bin/Release/net10.0/AllocSampler.dll <pid> <seconds> [trace file]
// (BENCHMARKS.md, issue 37: the router under 1 KB net.tcp load; Benchmarks/README.md).
if (args.Length < 2 || !int.TryParse(args[0], out var pid) || !int.TryParse(args[1], out var seconds))
{
    Console.Error.WriteLine("usage: AllocSampler <pid> <seconds> [trace file]");
    return 2;
}

var file = args.Length > 2 ? args[2] : Path.Combine(Path.GetTempPath(), $"allocsampler-{pid}.nettrace");
var client = new DiagnosticsClient(pid);
var providers = new[] {
    new EventPipeProvider("Microsoft-Windows-DotNETRuntime", EventLevel.Verbose, (long)(ClrTraceEventParser.Keywords.GC | ClrTraceEventParser.Keywords.Stack | ClrTraceEventParser.Keywords.Loader | ClrTraceEventParser.Keywords.Jit)),
};
using (var session = client.StartEventPipeSession(providers, requestRundown: true))
{
    var copy = Task.Run(async () => { using var fs = File.Create(file); await session.EventStream.CopyToAsync(fs); });
    await Task.Delay(TimeSpan.FromSeconds(seconds));
    session.Stop();
    await copy;
}
var etlx = TraceLog.CreateFromEventPipeDataFile(file);
using var log = new TraceLog(etlx);
var byType = new Dictionary<string, long>();
var byStack = new Dictionary<string, long>();
long total = 0;
foreach (var ev in log.Events)
{
    if (ev is not GCAllocationTickTraceData tick) continue;
    total += tick.AllocationAmount64;
    byType[tick.TypeName] = byType.GetValueOrDefault(tick.TypeName) + tick.AllocationAmount64;
    var cs = ev.CallStack();
    var frames = new List<string>();
    for (var s = cs; s is not null && frames.Count < 6; s = s.Caller)
    {
        var name = s.CodeAddress.FullMethodName;
        if (string.IsNullOrEmpty(name)) continue;
        if (name.StartsWith("System.Runtime.CompilerServices") || name.StartsWith("System.Threading.ExecutionContext")) continue;
        frames.Add(name.Length > 110 ? name[..110] : name);
    }
    var key = tick.TypeName + "  <=  " + string.Join("  <  ", frames);
    byStack[key] = byStack.GetValueOrDefault(key) + tick.AllocationAmount64;
}
Console.WriteLine($"total sampled {total / 1e6:F1} MB");
foreach (var (k, v) in byType.OrderByDescending(x => x.Value).Take(40)) Console.WriteLine($"{100.0 * v / total,5:F1}% {k}");
Console.WriteLine("---- stacks");
foreach (var (k, v) in byStack.OrderByDescending(x => x.Value).Take(60)) Console.WriteLine($"{100.0 * v / total,5:F1}% {k}");
return 0;
