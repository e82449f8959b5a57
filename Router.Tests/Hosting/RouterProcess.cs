using System.Diagnostics;
using System.Text;

namespace SoapRouter.Tests.Hosting;

/// <summary>The built Router.dll run as its own process with <c>dotnet</c>, its output collected.</summary>
internal sealed class RouterProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private RouterProcess(Process process)
    {
        _process = process;
        _process.OutputDataReceived += (_, e) => Append(e.Data);
        _process.ErrorDataReceived += (_, e) => Append(e.Data);
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
    }

    /// <summary>Standard output and error so far, interleaved.</summary>
    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    /// <summary>Starts Router.dll (copied beside the tests by the project reference) with <paramref name="arguments"/>.</summary>
    public static RouterProcess Start(params string[] arguments)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Router.dll"));
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        return new RouterProcess(Process.Start(info) ?? throw new InvalidOperationException("dotnet did not start"));
    }

    /// <summary>True once the process has ended.</summary>
    public bool HasExited => _process.HasExited;

    /// <summary>Waits for the process to exit and returns its exit code.</summary>
    public async Task<int> WaitForExitAsync(TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        await _process.WaitForExitAsync(cts.Token);
        return _process.ExitCode;
    }

    /// <summary>Sends SIGTERM, as Docker does on stop.</summary>
    public void Terminate()
    {
        using var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        kill.WaitForExit();
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private void Append(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_output)
        {
            _output.AppendLine(line);
        }
    }
}
