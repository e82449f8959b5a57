namespace LoadClient.Driving;

/// <summary>One worker's way of sending: used by that worker only, one request at a time.</summary>
internal interface ILoadChannel : IAsyncDisposable
{
    /// <summary>Sends one request and waits for the whole reply (or the timeout); never throws for a failed request.</summary>
    Task<SendResult> SendAsync();
}
