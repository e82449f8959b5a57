namespace SoapRouter.Hosting;

/// <summary>The router's command line: <c>[--config PATH] [--check]</c>.</summary>
internal sealed record RouterCommandLine(string ConfigPath, bool CheckOnly)
{
    /// <summary>Usage text printed with argument errors.</summary>
    public const string Usage = "usage: Router [--config PATH] [--check]\n" +
        "  --config PATH  router.json to load (default: ./router.json)\n" +
        "  --check        validate the config, print every error, and exit (0 valid, 2 invalid)";

    /// <summary>Parses <paramref name="args"/>; every problem is reported in <paramref name="errors"/>.</summary>
    public static RouterCommandLine? TryParse(IReadOnlyList<string> args, out IReadOnlyList<string> errors)
    {
        var problems = new List<string>();
        var configPath = "router.json";
        var check = false;
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
                default:
                    problems.Add($"unknown argument '{args[i]}'");
                    break;
            }
        }

        errors = problems;
        return problems.Count == 0 ? new RouterCommandLine(configPath, check) : null;
    }
}
