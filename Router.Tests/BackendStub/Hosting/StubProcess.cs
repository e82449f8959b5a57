using System.Diagnostics;
using System.Globalization;
using System.Text;
using BackendStub.Hosting;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The built BackendStub.dll run as its own process with <c>dotnet</c>; its endpoint lines read from stdout.</summary>
internal sealed class StubProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly List<StubEndpoint> _endpoints = [];
    private readonly TaskCompletionSource _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private StubProcess(Process process)
    {
        _process = process;
        _process.OutputDataReceived += (_, e) => OnLine(e.Data);
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

    /// <summary>Starts BackendStub.dll (copied beside the tests by the project reference) with <paramref name="arguments"/>.</summary>
    public static StubProcess Start(params string[] arguments)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "BackendStub.dll"));
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        return new StubProcess(Process.Start(info) ?? throw new InvalidOperationException("dotnet did not start"));
    }

    /// <summary>Waits for the "ready" line and returns the endpoint lines printed before it.</summary>
    public async Task<IReadOnlyList<StubEndpoint>> WaitForEndpointsAsync(TimeSpan timeout)
    {
        var exited = _process.WaitForExitAsync();
        var first = await Task.WhenAny(_ready.Task, exited).WaitAsync(timeout);
        if (first != _ready.Task)
        {
            throw new InvalidOperationException("The stub exited before it was ready:\n" + Output);
        }

        lock (_output)
        {
            return [.. _endpoints];
        }
    }

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

    private void OnLine(string? line)
    {
        Append(line);
        if (StubEndpointLine.TryParse(line, out var endpoint))
        {
            lock (_output)
            {
                _endpoints.Add(endpoint!);
            }
        }
        else if (line == StubEndpointLine.Ready)
        {
            _ready.TrySetResult();
        }
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
