using System.Text.Json;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Fuzz.Running;
using SoapRouter.Fuzz.Targets;

// The hostile-input driver: scripts/fuzz.sh starts BackendStub and the router, then this; docs/security.md, "Fuzzing".
if (args is ["--write-corpus", var corpusFolder])
{
    CorpusWriter.Write(corpusFolder, FuzzEndpoints.On("127.0.0.1", 18480, 18808, 18809));
    return 0;
}

FuzzOptions options;
try
{
    options = FuzzOptions.Parse(args);
}
catch (Exception ex) when (ex is ArgumentException or FormatException)
{
    Console.Error.WriteLine(ex.Message);
    return 2;
}

var hang = TimeSpan.FromSeconds(5);
using var http = new HttpSender(options.Concurrency, hang);
var runner = new FuzzRunner(options, http, new NetTcpSender(hang));
var results = new List<TargetResult>();
foreach (var target in options.Targets)
{
    results.Add(await runner.RunAsync(target));
}

var rssMax = results.Count == 0 ? 0 : results.Max(r => r.RssMaxMiB);
var clean = results.All(r => r.Clean) && rssMax <= options.RssLimitMiB;
var report = new
{
    command = "Fuzz " + string.Join(' ', args),
    date = DateTime.UtcNow.ToString("u"),
    seed = options.Seed,
    inputsPerTarget = options.Count,
    hangLimitSeconds = hang.TotalSeconds,
    rssLimitMiB = options.RssLimitMiB,
    rssMaxMiB = Math.Round(rssMax, 1),
    clean,
    targets = results,
};
Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(options.Report))!);
await File.WriteAllTextAsync(options.Report, JsonSerializer.Serialize(report, new JsonSerializerOptions { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase }));
foreach (var r in results)
{
    Console.WriteLine($"{r.Target,-11} {r.Inputs,8} inputs {r.InputsPerSecond,8}/s  wrong {r.WrongAnswers}  hangs {r.Hangs}  crashes {r.Crashes}  " +
        $"client checks {r.NormalClientPassed}/{r.NormalClientPassed + r.NormalClientFailures.Count}  RSS max {r.RssMaxMiB:0} MiB  {string.Join(' ', r.Answers.Select(a => $"{a.Key}={a.Value}"))}");
}

Console.WriteLine(clean ? "fuzz: clean" : "fuzz: FINDINGS (see the report and the failure folder)");
return clean ? 0 : 1;
