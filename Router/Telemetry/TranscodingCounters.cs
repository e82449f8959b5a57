namespace SoapRouter.Telemetry;

/// <summary>
/// What the router's transcoders did on the re-encode path (Forwarding.Transcoding): text requests sent as msbin1 and msbin1
/// replies answered as text without WCF, and those handed to WCF's re-encoder instead (a shape a transcoder refuses, a
/// reply related to another request). Thread-safe.
/// </summary>
internal sealed class TranscodingCounters
{
    private long _requests;
    private long _replies;
    private long _requestsToWcf;
    private long _repliesToWcf;

    /// <summary>Counts a request transcoded (true) or left to WCF (false).</summary>
    public void Request(bool transcoded) => Interlocked.Increment(ref transcoded ? ref _requests : ref _requestsToWcf);

    /// <summary>Counts a reply transcoded (true) or left to WCF (false).</summary>
    public void Reply(bool transcoded) => Interlocked.Increment(ref transcoded ? ref _replies : ref _repliesToWcf);

    /// <summary>The counts so far.</summary>
    public TranscodingSnapshot Snapshot() => new(
        Interlocked.Read(ref _requests), Interlocked.Read(ref _replies), Interlocked.Read(ref _requestsToWcf), Interlocked.Read(ref _repliesToWcf));
}
