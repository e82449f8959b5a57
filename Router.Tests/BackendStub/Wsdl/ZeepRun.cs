using System.Diagnostics;
using System.Text.Json;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.BackendStub.Wsdl;

/// <summary>Runs scripts/zeep-call-stub.py against a WSDL and reads the JSON it prints.</summary>
internal static class ZeepRun
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    /// <summary>The script's JSON for <paramref name="wsdl"/> with <paramref name="arguments"/>; throws with its output when it fails.</summary>
    public static async Task<JsonDocument> CallAsync(Uri wsdl, params string[] arguments)
    {
        var python = ZeepPython.Path ?? throw new InvalidOperationException("No python3 with zeep.");
        var info = new ProcessStartInfo(python)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(RepositoryPaths.Root, "scripts", "zeep-call-stub.py"));
        info.ArgumentList.Add(wsdl.AbsoluteUri);
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        using var process = Process.Start(info) ?? throw new InvalidOperationException($"{python} did not start.");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(Timeout);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"zeep did not finish within {Timeout}.");
        }

        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"zeep-call-stub.py exited {process.ExitCode}:\n{await stderr}");
        }

        return JsonDocument.Parse(await stdout);
    }
}
