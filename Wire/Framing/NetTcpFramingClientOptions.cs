using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>Settings of one <see cref="NetTcpFramingClient"/> connection.</summary>
public sealed record NetTcpFramingClientOptions
{
    /// <summary>The smallest <see cref="ReceiveBufferSize"/>: room for the longest Fault record the server may answer.</summary>
    public const int MinReceiveBufferSize = 1024;

    /// <summary>Options with every default.</summary>
    public static NetTcpFramingClientOptions Default { get; } = new();

    /// <summary>How long connecting and the preamble's answer may take together (WCF's OpenTimeout); past it, a <see cref="TimeoutException"/>.</summary>
    public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The socket's send buffer (SO_SNDBUF), in bytes; 0 leaves the system's default.</summary>
    public int SendBufferSize { get; init; } = 64 * 1024;

    /// <summary>
    /// The socket's receive buffer (SO_RCVBUF) and the size of the client's own pooled receive buffer, in bytes: a
    /// payload that fits in it is handed up from it, a larger one is assembled in a pooled buffer of its own.
    /// </summary>
    public int ReceiveBufferSize { get; init; } = 64 * 1024;

    /// <summary>The largest payload accepted from the server; a larger Sized Envelope ends the session (<see cref="NetTcpFramingEndReason.MessageTooLarge"/>).</summary>
    public int MaxMessageSize { get; init; } = WireLimits.Default.MaxMessageSize;

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> for the first setting out of range.</summary>
    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(ConnectTimeout, TimeSpan.Zero, nameof(ConnectTimeout));
        ArgumentOutOfRangeException.ThrowIfNegative(SendBufferSize, nameof(SendBufferSize));
        ArgumentOutOfRangeException.ThrowIfLessThan(ReceiveBufferSize, MinReceiveBufferSize, nameof(ReceiveBufferSize));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(MaxMessageSize, nameof(MaxMessageSize));
    }
}
