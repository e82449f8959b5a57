using BenchmarkDotNet.Running;
using SoapRouter.Benchmarks;

// `reencode-loop N`: N re-encodes of the 1 KB echo and nothing else, for a profiler (callgrind counts instructions:
// run it with two counts and divide the difference). Otherwise every benchmark class in this assembly; pick with
// --filter, e.g. --filter '*RouteMatch*'.
if (args is ["reencode-loop", var count])
{
    var benchmarks = new ReencodeBenchmarks();
    benchmarks.Setup();
    Console.WriteLine(benchmarks.Loop(int.Parse(count, System.Globalization.CultureInfo.InvariantCulture)));
    return;
}

BenchmarkSwitcher.FromAssembly(typeof(RouteMatchBenchmarks).Assembly).Run(args);
