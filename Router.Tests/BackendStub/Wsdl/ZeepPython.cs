using System.Diagnostics;

namespace SoapRouter.Tests.BackendStub.Wsdl;

/// <summary>
/// Finds a python3 that can <c>import zeep</c> (Debian's python3-zeep), to run scripts/zeep-call-stub.py. The python3
/// on PATH may be another install (pyenv, a venv) than the one apt installs packages for, so /usr/bin/python3 is
/// tried too; SOAPROUTER_PYTHON names one explicitly.
/// </summary>
internal static class ZeepPython
{
    private static readonly Lazy<string?> Found = new(() => Find(Candidates()));

    /// <summary>The python to run zeep with, or null when there is none.</summary>
    public static string? Path => Found.Value;

    /// <summary>The first of <paramref name="candidates"/> that runs <c>import zeep</c> successfully, or null.</summary>
    public static string? Find(IEnumerable<string> candidates)
    {
        foreach (var candidate in candidates)
        {
            if (CanImportZeep(candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    private static IEnumerable<string> Candidates()
    {
        if (Environment.GetEnvironmentVariable("SOAPROUTER_PYTHON") is { Length: > 0 } configured)
        {
            yield return configured;
        }

        yield return "python3";
        yield return "/usr/bin/python3";
    }

    private static bool CanImportZeep(string python)
    {
        var info = new ProcessStartInfo(python)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add("-c");
        info.ArgumentList.Add("import zeep");
        try
        {
            using var process = Process.Start(info);
            if (process is null)
            {
                return false;
            }

            // Drained so a chatty failure cannot block the child on a full pipe.
            _ = process.StandardOutput.ReadToEndAsync();
            _ = process.StandardError.ReadToEndAsync();
            if (!process.WaitForExit(TimeSpan.FromSeconds(30)))
            {
                process.Kill(entireProcessTree: true);
                return false;
            }

            return process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            // No such program.
            return false;
        }
    }
}
