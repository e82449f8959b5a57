using System.Globalization;
using SoapRouter.Fuzz.Generation;

namespace SoapRouter.Fuzz.Running;

/// <summary>The command line: <c>Fuzz [--count N] [--start I] [--seed S] [--targets a,b] [--concurrency C] [--batch B]
/// [--router-pid P] [--http-port 18480] [--tcp-port 18808] [--tls-port 18809] [--rss-limit-mib M] [--out report.json]
/// [--failures DIR]</c>.</summary>
internal sealed record FuzzOptions
{
    /// <summary>Inputs per target.</summary>
    public long Count { get; init; } = 1000;

    /// <summary>The first input's index (with --count 1, one input made again).</summary>
    public long Start { get; init; }

    /// <summary>The run's seed.</summary>
    public int Seed { get; init; } = 1;

    /// <summary>The targets to run.</summary>
    public IReadOnlyList<FuzzTarget> Targets { get; init; } = FuzzTarget.All;

    /// <summary>Inputs in flight at once.</summary>
    public int Concurrency { get; init; } = 16;

    /// <summary>Inputs between two checks of the router.</summary>
    public int BatchSize { get; init; } = 5000;

    /// <summary>The router's process id, for the liveness and RSS checks; null: not checked.</summary>
    public int? RouterPid { get; init; }

    /// <summary>The largest resident set the router may reach (MiB).</summary>
    public double RssLimitMiB { get; init; } = 1024;

    /// <summary>The listeners.</summary>
    public FuzzEndpoints Endpoints { get; init; } = FuzzEndpoints.On("127.0.0.1", 18480, 18808, 18809);

    /// <summary>The JSON report's path.</summary>
    public string Report { get; init; } = "artifacts/fuzz/fuzz.json";

    /// <summary>Where inputs with findings are written.</summary>
    public string FailureFolder { get; init; } = "artifacts/fuzz/failures";

    /// <summary>Parses <paramref name="args"/>; throws <see cref="ArgumentException"/> on a bad one.</summary>
    public static FuzzOptions Parse(string[] args)
    {
        var options = new FuzzOptions();
        int http = 18480, tcp = 18808, tls = 18809;
        for (var i = 0; i + 1 < args.Length; i += 2)
        {
            var value = args[i + 1];
            options = args[i] switch
            {
                "--count" => options with { Count = long.Parse(value, CultureInfo.InvariantCulture) },
                "--start" => options with { Start = long.Parse(value, CultureInfo.InvariantCulture) },
                "--seed" => options with { Seed = int.Parse(value, CultureInfo.InvariantCulture) },
                "--targets" => options with { Targets = value.Split(',').Select(n => FuzzTarget.All.FirstOrDefault(t => t.Name == n) ?? throw new ArgumentException($"unknown target '{n}'; targets: {string.Join(", ", FuzzTarget.All.Select(t => t.Name))}")).ToArray() },
                "--concurrency" => options with { Concurrency = int.Parse(value, CultureInfo.InvariantCulture) },
                "--batch" => options with { BatchSize = int.Parse(value, CultureInfo.InvariantCulture) },
                "--router-pid" => options with { RouterPid = int.Parse(value, CultureInfo.InvariantCulture) },
                "--rss-limit-mib" => options with { RssLimitMiB = double.Parse(value, CultureInfo.InvariantCulture) },
                "--out" => options with { Report = value },
                "--failures" => options with { FailureFolder = value },
                "--http-port" => options with { },
                "--tcp-port" => options with { },
                "--tls-port" => options with { },
                _ => throw new ArgumentException($"unknown option '{args[i]}'"),
            };
            http = args[i] == "--http-port" ? int.Parse(value, CultureInfo.InvariantCulture) : http;
            tcp = args[i] == "--tcp-port" ? int.Parse(value, CultureInfo.InvariantCulture) : tcp;
            tls = args[i] == "--tls-port" ? int.Parse(value, CultureInfo.InvariantCulture) : tls;
        }

        return options with { Endpoints = FuzzEndpoints.On("127.0.0.1", http, tcp, tls) };
    }
}
