using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// Compression on one hop with one peer (a listener's clients, or one destination): the object the HTTP and net.tcp
/// code calls. Sending: <see cref="TryCompress"/> (or <see cref="TryCompressFramed"/> for the binary prefix form), then
/// <see cref="RecordSend"/> with how the send went. Receiving: <see cref="Decompress"/>. Thread-safe; one per link,
/// rebuilt when the link's options change.
/// </summary>
public sealed class CompressionLink
{
    private readonly TimeProvider _time;
    private readonly Func<int, PooledBufferWriter> _newWriter;

    /// <summary>Creates a link with the default policy (<see cref="AdaptiveCompressionSelector"/>) unless <paramref name="selector"/> is given.</summary>
    public CompressionLink(
        CompressionOptions options,
        CodecRegistry? registry = null,
        ICpuSampler? cpu = null,
        TimeProvider? time = null,
        CodecPerformance? performance = null,
        ICompressionSelector? selector = null)
        : this(options, registry, cpu, time, performance, selector, static length => new PooledBufferWriter(length))
    {
    }

    /// <summary>A link whose <see cref="TryCompressToNew"/> writers come from <paramref name="newWriter"/> (tests).</summary>
    internal CompressionLink(
        CompressionOptions options,
        CodecRegistry? registry,
        ICpuSampler? cpu,
        TimeProvider? time,
        CodecPerformance? performance,
        ICompressionSelector? selector,
        Func<int, PooledBufferWriter> newWriter)
    {
        ArgumentNullException.ThrowIfNull(options);
        _newWriter = newWriter;
        Options = options;
        Registry = registry ?? CodecRegistry.Default;
        _time = time ?? TimeProvider.System;
        Selector = selector ?? new AdaptiveCompressionSelector(options, Registry, cpu, _time, performance);

        var codecs = AdaptiveCompressionSelector.ResolveCodecs(options, Registry);
        var accepts = CodecSet.IdentityOnly;
        foreach (var codec in codecs)
        {
            accepts = accepts.With(codec.Id);
        }

        Accepts = options.Enabled ? accepts : CodecSet.IdentityOnly;
        AcceptEncodingHeader = options.Enabled ? CompressionHeaders.FormatAcceptEncoding(codecs) : CompressionHeaders.Identity;
    }

    /// <summary>The options the link was built from.</summary>
    public CompressionOptions Options { get; }

    /// <summary>The codecs the link knows.</summary>
    public CodecRegistry Registry { get; }

    /// <summary>The policy.</summary>
    public ICompressionSelector Selector { get; }

    /// <summary>The link's counters.</summary>
    public CompressionStatistics Statistics { get; } = new();

    /// <summary>The codecs this link reads and advertises (identity always).</summary>
    public CodecSet Accepts { get; }

    /// <summary>The <c>Accept-Encoding</c> value to put on requests sent over this link (built once).</summary>
    public string AcceptEncodingHeader { get; }

    /// <summary>
    /// What the policy chooses for a message of <paramref name="length"/> bytes with <paramref name="action"/>, planning
    /// with <paramref name="peerBytesPerSecond"/> when the caller knows this peer's bandwidth; counts a skip.
    /// </summary>
    public CompressionChoice Choose(string? action, int length, CodecSet peerAccepts, double? peerBytesPerSecond = null)
    {
        var choice = Selector.Choose(new CompressionRequest(action, length, peerAccepts, peerBytesPerSecond));
        if (!choice.ShouldCompress)
        {
            Statistics.Skipped(choice.Reason);
        }

        return choice;
    }

    /// <summary>
    /// Chooses, and compresses <paramref name="message"/> into <paramref name="output"/> (appending) when the policy
    /// says so. True: send <paramref name="output"/>'s new bytes with the outcome's codec and original length. False:
    /// send the message plain (<paramref name="output"/> is left as it was; the outcome says why).
    /// <paramref name="peerBytesPerSecond"/>: this peer's own bandwidth, when known (see <see cref="Choose"/>).
    /// </summary>
    public bool TryCompress(
        ReadOnlySpan<byte> message, string? action, CodecSet peerAccepts, PooledBufferWriter output, out CompressionOutcome outcome, double? peerBytesPerSecond = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        var choice = Choose(action, message.Length, peerAccepts, peerBytesPerSecond);
        if (!choice.ShouldCompress)
        {
            outcome = new CompressionOutcome(null, choice.Level, message.Length, message.Length, choice.Reason);
            return false;
        }

        return CompressChosen(message, action, choice, output, output.WrittenCount, 0, out outcome);
    }

    /// <summary>
    /// <see cref="TryCompress"/> into a writer of its own, sized to the message: the writer when the compressed form is to
    /// be sent (dispose it after the send), null when the message goes plain (the outcome says why). A compressed copy that
    /// meets the managed heap's limit sends the message plain (<see cref="CompressionSkipReason.Memory"/>): compression
    /// saves bandwidth and is never a reason for a message to fail (in the 256 MB soak, 1 MB re-encodes to a compressing
    /// destination did).
    /// </summary>
    public PooledBufferWriter? TryCompressToNew(
        ReadOnlySpan<byte> message, string? action, CodecSet peerAccepts, out CompressionOutcome outcome, double? peerBytesPerSecond = null)
    {
        var choice = Choose(action, message.Length, peerAccepts, peerBytesPerSecond);
        if (!choice.ShouldCompress)
        {
            outcome = new CompressionOutcome(null, choice.Level, message.Length, message.Length, choice.Reason);
            return null;
        }

        PooledBufferWriter? output = null;
        try
        {
            output = _newWriter(message.Length);
            if (CompressChosen(message, action, choice, output, 0, 0, out outcome))
            {
                return output;
            }
        }
        catch (OutOfMemoryException)
        {
            Statistics.Skipped(CompressionSkipReason.Memory);
            outcome = new CompressionOutcome(choice.Codec, choice.Level, message.Length, message.Length, CompressionSkipReason.Memory);
        }

        output?.Dispose();
        return null;
    }

    /// <summary>
    /// <see cref="TryCompress"/> for transports without headers: when true, <paramref name="output"/> holds the binary
    /// prefix and the compressed data. When false, send the message plain, behind a none prefix if
    /// <see cref="CompressionPrefix.NeedsEscape"/> says so.
    /// </summary>
    public bool TryCompressFramed(ReadOnlySpan<byte> message, string? action, CodecSet peerAccepts, PooledBufferWriter output, out CompressionOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(output);
        var choice = Choose(action, message.Length, peerAccepts);
        if (!choice.ShouldCompress)
        {
            outcome = new CompressionOutcome(null, choice.Level, message.Length, message.Length, choice.Reason);
            return false;
        }

        var start = output.WrittenCount;
        var prefix = CompressionPrefix.Write(output.GetSpan(CompressionPrefix.MaxLength), choice.Codec!.Id, message.Length);
        output.Advance(prefix);
        return CompressChosen(message, action, choice, output, start, prefix, out outcome);
    }

    /// <summary>Whether a compressed form (plus <paramref name="overhead"/> bytes of marking) is worth sending instead of the plain one.</summary>
    public static bool IsWorthSending(int originalLength, int compressedLength, int overhead = 0) =>
        (long)compressedLength + overhead < originalLength;

    /// <summary>Teaches the bandwidth estimate: <paramref name="bytes"/> went on the wire in <paramref name="elapsed"/>.</summary>
    public void RecordSend(long bytes, TimeSpan elapsed) => Selector.OnSent(bytes, elapsed);

    /// <summary>Teaches the bandwidth estimate: <paramref name="bytes"/> arrived in <paramref name="elapsed"/>, timed from their first byte on the wire.</summary>
    public void RecordArrival(long bytes, TimeSpan elapsed) => Selector.OnTransferTimed(bytes, elapsed);

    /// <summary>Teaches the bandwidth estimate the kernel's delivery rate of a send on this link (TCP_INFO).</summary>
    public void RecordRate(double bytesPerSecond, bool applicationLimited) => Selector.OnRateMeasured(bytesPerSecond, applicationLimited);

    /// <summary>
    /// Decodes a body marked with <paramref name="codec"/> and (if known) its <paramref name="originalLength"/> into
    /// <paramref name="output"/>, never past <paramref name="maxDecompressedSize"/>; returns the decoded length.
    /// </summary>
    /// <exception cref="CompressionBombException">The body expands past the cap.</exception>
    /// <exception cref="CorruptCompressedDataException">The body does not decode, the length disagrees, or the codec is unknown.</exception>
    public int Decompress(CodecId codec, ReadOnlyMemory<byte> body, int? originalLength, int maxDecompressedSize, IBufferWriter<byte> output)
    {
        if (!Registry.TryGetById(codec, out var found))
        {
            Statistics.Corrupt();
            throw new CorruptCompressedDataException($"codec {(int)codec}", "no such codec");
        }

        var start = _time.GetTimestamp();
        int length;
        try
        {
            length = found.Decompress(body, output, originalLength, maxDecompressedSize);
        }
        catch (CompressionBombException)
        {
            Statistics.Bomb();
            throw;
        }
        catch (CorruptCompressedDataException)
        {
            Statistics.Corrupt();
            throw;
        }

        if (codec != CodecId.None)
        {
            Statistics.Decompressed(length);
            Selector.OnDecompressed(codec, body.Length, length, _time.GetElapsedTime(start));
        }

        return length;
    }

    /// <summary>The statistics and the policy's state now.</summary>
    public CompressionStatisticsSnapshot GetStatistics() => Statistics.Snapshot(Registry, Selector.GetState());

    private bool CompressChosen(
        ReadOnlySpan<byte> message, string? action, CompressionChoice choice, PooledBufferWriter output, int start, int overhead, out CompressionOutcome outcome)
    {
        var codec = choice.Codec!;
        var began = _time.GetTimestamp();
        var written = codec.Compress(message, output, choice.Level);
        var elapsed = _time.GetElapsedTime(began);
        Selector.OnCompressed(new CompressionSample(action, codec.Id, choice.Level, message.Length, written, elapsed, choice.IsProbe));

        if (!IsWorthSending(message.Length, written, overhead))
        {
            output.Truncate(start);
            Statistics.Skipped(CompressionSkipReason.NotSmaller);
            outcome = new CompressionOutcome(codec, choice.Level, message.Length, written, CompressionSkipReason.NotSmaller);
            return false;
        }

        Statistics.Compressed(codec.Id, choice.Level, message.Length, written + overhead, choice.IsProbe);
        outcome = new CompressionOutcome(codec, choice.Level, message.Length, written + overhead, CompressionSkipReason.None);
        return true;
    }
}
