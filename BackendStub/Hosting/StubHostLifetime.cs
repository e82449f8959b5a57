namespace BackendStub.Hosting;

/// <summary>
/// A host lifetime that ignores process signals: Program (or a test) owns the stub's life and stops it itself,
/// so SIGTERM is handled in one place and the exit code stays Program's.
/// </summary>
internal sealed class StubHostLifetime : IHostLifetime
{
    /// <inheritdoc />
    public Task WaitForStartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <inheritdoc />
    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
