using SoapRouter.Wire.Compression;

namespace LoadClient.Compression;

/// <summary>One raw worker's reusable buffers for compressed requests and replies: rented once, reset per request.</summary>
internal sealed class CompressionBuffers : IDisposable
{
    /// <summary>Adaptive: the request with its MessageID, before compression.</summary>
    public PooledBufferWriter Plain { get; } = new();

    /// <summary>Adaptive: the compressed request.</summary>
    public PooledBufferWriter Compressed { get; } = new();

    /// <summary>The reply body as it came off the wire.</summary>
    public PooledBufferWriter Reply { get; } = new();

    /// <summary>The decoded reply.</summary>
    public PooledBufferWriter Decoded { get; } = new();

    public void Dispose()
    {
        Plain.Dispose();
        Compressed.Dispose();
        Reply.Dispose();
        Decoded.Dispose();
    }
}
