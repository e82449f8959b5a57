namespace LoadClient.Driving;

/// <summary>What the workers send to: the raw HTTP sender, or a WCF channel factory. Disposed after the run.</summary>
internal interface ILoadTarget : IAsyncDisposable
{
    /// <summary>A channel for one worker; <paramref name="stop"/> ends the run (Ctrl+C) and cuts in-flight requests short.</summary>
    ILoadChannel CreateChannel(CancellationToken stop);
}
