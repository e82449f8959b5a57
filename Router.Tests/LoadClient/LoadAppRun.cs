using System.Text.Json;
using global::LoadClient;

namespace SoapRouter.Tests.LoadClient;

/// <summary>Runs the whole load client in-process, as its tests do, and reads the JSON report it wrote.</summary>
internal static class LoadAppRun
{
    /// <summary>Runs <see cref="LoadApp.RunAsync"/> with <paramref name="args"/>; returns its exit code and what it wrote to stdout and stderr.</summary>
    public static async Task<(int ExitCode, string Output, string Error)> RunAsync(params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var exitCode = await LoadApp.RunAsync(args, output, error, CancellationToken.None);
        return (exitCode, output.ToString(), error.ToString());
    }

    /// <summary>The root of the --json report at <paramref name="path"/>.</summary>
    public static JsonElement Report(string path) => JsonDocument.Parse(File.ReadAllBytes(path)).RootElement;
}
