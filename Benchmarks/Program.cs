using BenchmarkDotNet.Running;

// Every benchmark class in this assembly; pick with --filter, e.g. --filter '*RouteMatch*'.
BenchmarkSwitcher.FromAssembly(typeof(SoapRouter.Benchmarks.RouteMatchBenchmarks).Assembly).Run(args);
