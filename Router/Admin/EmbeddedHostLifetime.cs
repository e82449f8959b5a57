namespace SoapRouter.Admin;

/// <summary>
/// A host lifetime that ignores process signals: the admin app runs inside the router's process, whose own host
/// handles Ctrl+C and SIGTERM and stops the admin server itself.
/// </summary>
internal sealed class EmbeddedHostLifetime : IHostLifetime
{
    /// <inheritdoc />
    public Task WaitForStartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <inheritdoc />
    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
