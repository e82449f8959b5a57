namespace SoapRouter.Hosting;

/// <summary>The router's command line: <c>[--config PATH] [--check] [--log-format text|json]</c>.</summary>
internal sealed record RouterCommandLine(string ConfigPath, bool CheckOnly)
{
    /// <summary>The log format asked for on the command line (wins over telemetry.logFormat); null when not given.</summary>
    public string? LogFormat { get; init; }

    /// <summary>Usage text printed with argument errors.</summary>
    public const string Usage = "usage: Router [--config PATH] [--check] [--log-format text|json]\n" +
        "  --config PATH        router.json to load (default: ./router.json)\n" +
        "  --check              validate the config, print every error, and exit (0 valid, 2 invalid)\n" +
        "  --log-format FORMAT  text (default) or json (one compact JSON object per line, for containers)";

    /// <summary>Parses <paramref name="args"/>; every problem is reported in <paramref name="errors"/>.</summary>
    public static RouterCommandLine? TryParse(IReadOnlyList<string> args, out IReadOnlyList<string> errors)
    {
        var problems = new List<string>();
        var configPath = "router.json";
        var check = false;
        string? logFormat = null;
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--config" when i + 1 < args.Count && string.IsNullOrWhiteSpace(args[i + 1]):
                    problems.Add("--config needs a file path, not an empty string");
                    i++;
                    break;
                case "--config" when i + 1 < args.Count:
                    configPath = args[++i];
                    break;
                case "--config":
                    problems.Add("--config needs a file path");
                    break;
                case "--check":
                    check = true;
                    break;
                case "--log-format" when i + 1 < args.Count && Configuration.TelemetryLogFormats.All.Contains(args[i + 1]):
                    logFormat = args[++i];
                    break;
                case "--log-format" when i + 1 < args.Count:
                    problems.Add($"--log-format must be one of {string.Join(", ", Configuration.TelemetryLogFormats.All)}, not '{args[++i]}'");
                    break;
                case "--log-format":
                    problems.Add("--log-format needs a format: text or json");
                    break;
                default:
                    problems.Add($"unknown argument '{args[i]}'");
                    break;
            }
        }

        errors = problems;
        return problems.Count == 0 ? new RouterCommandLine(configPath, check) { LogFormat = logFormat } : null;
    }
}
