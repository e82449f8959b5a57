using BackendStub.Hosting;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.BackendStub.Hosting;

/// <summary>The built BackendStub.dll run as its own process; its endpoint lines read from stdout.</summary>
internal sealed class StubProcess : IDisposable
{
    private readonly List<StubEndpoint> _endpoints = [];
    private readonly TaskCompletionSource _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly DotnetProcess _process;

    private StubProcess(IReadOnlyList<string> arguments) => _process = DotnetProcess.Start("BackendStub.dll", arguments, OnLine);

    /// <summary>Standard output and error so far, interleaved.</summary>
    public string Output => _process.Output;

    /// <summary>Starts BackendStub.dll with <paramref name="arguments"/>.</summary>
    public static StubProcess Start(params string[] arguments) => new(arguments);

    /// <summary>Waits for the "ready" line and returns the endpoint lines printed before it.</summary>
    public async Task<IReadOnlyList<StubEndpoint>> WaitForEndpointsAsync(TimeSpan timeout)
    {
        var first = await Task.WhenAny(_ready.Task, _process.WaitForExitAsync()).WaitAsync(timeout);
        if (first != _ready.Task)
        {
            throw new InvalidOperationException("The stub exited before it was ready:\n" + Output);
        }

        lock (_endpoints)
        {
            return [.. _endpoints];
        }
    }

    /// <summary>Waits for the process to exit and returns its exit code.</summary>
    public Task<int> WaitForExitAsync(TimeSpan timeout) => _process.WaitForExitAsync(timeout);

    /// <summary>Sends SIGTERM, as Docker does on stop.</summary>
    public void Terminate() => _process.Terminate();

    /// <summary>Sends SIGKILL, as <c>docker kill -s KILL</c> does.</summary>
    public void Kill() => _process.Kill();

    public void Dispose() => _process.Dispose();

    private void OnLine(string line)
    {
        if (StubEndpointLine.TryParse(line, out var endpoint))
        {
            lock (_endpoints)
            {
                _endpoints.Add(endpoint!);
            }
        }
        else if (line == StubEndpointLine.Ready)
        {
            _ready.TrySetResult();
        }
    }
}
