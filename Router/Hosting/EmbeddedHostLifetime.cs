namespace SoapRouter.Hosting;

/// <summary>
/// A host lifetime that ignores process signals: the router's process (Program, or a test) handles Ctrl+C and SIGTERM
/// itself and stops the host when it decides to.
/// </summary>
internal sealed class EmbeddedHostLifetime : IHostLifetime
{
    /// <inheritdoc />
    public Task WaitForStartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <inheritdoc />
    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
