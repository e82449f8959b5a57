using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace SoapRouter.Tests.Support;

/// <summary>
/// One of the solution's built programs (copied beside the tests by its project reference) run as its own process
/// with <c>dotnet</c>, its output collected line by line.
/// </summary>
internal sealed class DotnetProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly Action<string>? _onStandardOutputLine;

    private DotnetProcess(Process process, Action<string>? onStandardOutputLine)
    {
        _process = process;
        _onStandardOutputLine = onStandardOutputLine;
        _process.OutputDataReceived += (_, e) => OnLine(e.Data, isStandardOutput: true);
        _process.ErrorDataReceived += (_, e) => OnLine(e.Data, isStandardOutput: false);
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

    /// <summary>True once the process has ended.</summary>
    public bool HasExited => _process.HasExited;

    /// <summary>
    /// Starts <paramref name="assembly"/> (e.g. "Router.dll") with <paramref name="arguments"/>; <paramref name="environment"/>
    /// sets variables for it (a null value removes one it would inherit). A <paramref name="launcher"/> (a program and its
    /// arguments, e.g. <c>prlimit --nofile=512:512</c>) runs <c>dotnet</c> in its place, which it must exec so that
    /// <see cref="Id"/> stays the program's.
    /// </summary>
    public static DotnetProcess Start(
        string assembly,
        IReadOnlyList<string> arguments,
        Action<string>? onStandardOutputLine = null,
        IReadOnlyDictionary<string, string?>? environment = null,
        IReadOnlyList<string>? launcher = null)
    {
        var info = new ProcessStartInfo(launcher is { Count: > 0 } ? launcher[0] : "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var (name, value) in environment ?? new Dictionary<string, string?>())
        {
            if (value is null)
            {
                info.Environment.Remove(name);
            }
            else
            {
                info.Environment[name] = value;
            }
        }

        if (launcher is { Count: > 0 })
        {
            foreach (var argument in launcher.Skip(1))
            {
                info.ArgumentList.Add(argument);
            }

            info.ArgumentList.Add("dotnet");
        }

        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, assembly));
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        return new DotnetProcess(Process.Start(info) ?? throw new InvalidOperationException("dotnet did not start"), onStandardOutputLine);
    }

    /// <summary>Completes when the process exits.</summary>
    public Task WaitForExitAsync() => _process.WaitForExitAsync();

    /// <summary>The process id.</summary>
    public int Id => _process.Id;

    /// <summary>Waits for the process to exit and returns its exit code.</summary>
    public async Task<int> WaitForExitAsync(TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        await _process.WaitForExitAsync(cts.Token);
        return _process.ExitCode;
    }

    /// <summary>Sends SIGKILL, as <c>docker kill</c> does: the process gets no chance to flush or clean up.</summary>
    public void Kill() => _process.Kill();

    /// <summary>Sends SIGTERM, as Docker does on stop.</summary>
    public void Terminate()
    {
        using var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(CultureInfo.InvariantCulture)]);
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

    private void OnLine(string? line, bool isStandardOutput)
    {
        if (line is null)
        {
            return;
        }

        lock (_output)
        {
            _output.AppendLine(line);
        }

        if (isStandardOutput)
        {
            _onStandardOutputLine?.Invoke(line);
        }
    }
}
