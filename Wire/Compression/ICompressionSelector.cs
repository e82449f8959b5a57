namespace SoapRouter.Wire.Compression;

/// <summary>
/// The policy of one link, as the seed's IDynamicEncoderSelector: choose before encoding, learn after. Called
/// concurrently for the messages of one link; implementations are thread-safe. The default is
/// <see cref="AdaptiveCompressionSelector"/>.
/// </summary>
public interface ICompressionSelector
{
    /// <summary>The codec and level for a message, or why it goes plain.</summary>
    CompressionChoice Choose(in CompressionRequest request);

    /// <summary>Learns from a compression that was made (whether or not it was then sent).</summary>
    void OnCompressed(in CompressionSample sample);

    /// <summary>Learns from a send on this link: <paramref name="bytes"/> on the wire in <paramref name="elapsed"/>.</summary>
    void OnSent(long bytes, TimeSpan elapsed);

    /// <summary>
    /// Learns from a transfer timed from its first byte on the wire to its last (a server's view of a request arriving):
    /// exact however short, unlike a send's time. By default the same as <see cref="OnSent"/>.
    /// </summary>
    void OnTransferTimed(long bytes, TimeSpan elapsed) => OnSent(bytes, elapsed);

    /// <summary>
    /// Learns from the kernel's delivery rate of this link's sends (TCP_INFO); <paramref name="applicationLimited"/>: the
    /// sender had too little to send, so the rate is a floor. By default ignored.
    /// </summary>
    void OnRateMeasured(double bytesPerSecond, bool applicationLimited)
    {
    }

    /// <summary>Learns from a decompression on this link.</summary>
    void OnDecompressed(CodecId codec, int compressedLength, int originalLength, TimeSpan elapsed);

    /// <summary>What the policy knows now, for the statistics (null: nothing to show).</summary>
    CompressionPolicyState? GetState() => null;
}
