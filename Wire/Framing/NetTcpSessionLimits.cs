using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>The limits one net.tcp connection runs under (see <see cref="NetTcpServerSession"/>).</summary>
public sealed record NetTcpSessionLimits
{
    /// <summary>Largest message received (a larger Sized Envelope is refused with MaxMessageSizeExceededFault) and the reader quotas.</summary>
    public WireLimits Wire { get; init; } = WireLimits.Default;

    /// <summary>
    /// Messages of one connection being handled at once; at the limit the session stops reading (backpressure) until
    /// one completes, it does not fault.
    /// </summary>
    public int MaxPendingMessages { get; init; } = 128;

    /// <summary>Nothing received and nothing in flight for this long: the server sends End and closes.</summary>
    public TimeSpan IdleTimeout { get; init; } = TimeSpan.FromMinutes(2);

    /// <summary>
    /// The whole preamble must arrive within this (from the connection's start, or a reused connection's first byte);
    /// after a stream upgrade, the rest of it within this again (the upgrade's handshake has a timeout of its own).
    /// </summary>
    public TimeSpan PreambleTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Largest reply <see cref="NetTcpRequest.SendAsync"/> encodes (a larger one throws QuotaExceededException and is
    /// not sent); null: <see cref="WireLimits.MaxMessageSize"/> of <see cref="Wire"/>, as WCF's buffered transports use
    /// one size both ways.
    /// </summary>
    public int? MaxSentMessageSize { get; init; }

    /// <summary>Largest streamed (singleton-unsized) request envelope; past it the read throws InvalidDataException.</summary>
    public long MaxStreamedMessageSize { get; init; } = 4L << 30;

    /// <summary>Where received payloads and encoded replies are rented from.</summary>
    public ArrayPoolBufferManager Buffers { get; init; } = ArrayPoolBufferManager.Shared;
}
