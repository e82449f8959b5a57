using System.Diagnostics;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Deploy;

/// <summary>deploy/kubernetes/: its router.json files, and the repository's scripts that check the manifests.</summary>
internal static class KubernetesManifests
{
    /// <summary>The base's router.json (the ConfigMap soap-router-config).</summary>
    public static string BaseRouterJson => Path.Combine(RepositoryPaths.Root, "deploy", "kubernetes", "base", "router.json");

    /// <summary>The partner-mTLS overlay's router.json, which replaces the base's.</summary>
    public static string PartnerRouterJson => Path.Combine(RepositoryPaths.Root, "deploy", "kubernetes", "overlays", "partner-mtls", "router.json");

    /// <summary>The node project of the schema validator (package.json, validate.mjs).</summary>
    public static string ValidatorFolder => Path.Combine(RepositoryPaths.Root, "deploy", "kubernetes", "validate");

    /// <summary>Runs a script of scripts/ with bash from the repository root: its exit code and its output, both streams.</summary>
    public static (int ExitCode, string Output) RunScript(string name, TimeSpan timeout)
    {
        var info = new ProcessStartInfo("bash", [Path.Combine(RepositoryPaths.Root, "scripts", name)])
        {
            WorkingDirectory = RepositoryPaths.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"scripts/{name} did not finish within {timeout}");
        }

        return (process.ExitCode, stdout.Result + stderr.Result);
    }
}
