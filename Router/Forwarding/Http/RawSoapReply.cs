using System.Buffers;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// A destination's reply as it came off the wire. The body lives in a buffer rented from an
/// <see cref="ArrayPool{T}"/>: the reply owns it, and whoever receives the reply (from the forward result) must
/// dispose it once the body has been written on, and must not use <see cref="Body"/> afterwards.
/// </summary>
internal sealed class RawSoapReply : IDisposable
{
    private readonly ArrayPool<byte>? _pool;
    private readonly int _offset;
    private byte[]? _buffer;
    private PooledMessageBytes? _owner;

    /// <summary>
    /// Wraps <paramref name="length"/> bytes of <paramref name="buffer"/>, which is returned to <paramref name="pool"/>
    /// on dispose (null: the buffer is not pooled).
    /// </summary>
    public RawSoapReply(int statusCode, string? contentType, byte[] buffer, int length, ArrayPool<byte>? pool)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(length, buffer.Length);
        StatusCode = statusCode;
        ContentType = contentType;
        Length = length;
        _buffer = buffer;
        _pool = pool;
    }

    /// <summary>Wraps a message an encoder wrote; the reply owns <paramref name="bytes"/> from now on.</summary>
    public RawSoapReply(int statusCode, string contentType, PooledMessageBytes bytes)
    {
        StatusCode = statusCode;
        ContentType = contentType;
        Length = bytes.Count;
        _offset = bytes.Offset;
        _buffer = bytes.Array;
        _owner = bytes;
    }

    /// <summary>The HTTP status the destination answered with.</summary>
    public int StatusCode { get; private set; }

    /// <summary>The reply's Content-Type header value, unchanged; null when the reply had none (an empty one-way reply).</summary>
    public string? ContentType { get; }

    /// <summary>How many bytes the body holds.</summary>
    public int Length { get; }

    /// <summary>True when the destination's HTTP headers forbid a shared cache to store the reply (<see cref="CacheDirectives"/>).</summary>
    public bool ForbidsStoring { get; init; }

    /// <summary>True when the reply has no body (a one-way acknowledgement).</summary>
    public bool IsEmpty => Length == 0;

    /// <summary>The body bytes; valid only until <see cref="Dispose"/>.</summary>
    public ReadOnlyMemory<byte> Body =>
        new(Volatile.Read(ref _buffer) ?? throw new ObjectDisposedException(nameof(RawSoapReply)), _offset, Length);

    /// <summary>The body as an array segment (WCF's encoders read segments); valid only until <see cref="Dispose"/>.</summary>
    public ArraySegment<byte> Segment =>
        new(Volatile.Read(ref _buffer) ?? throw new ObjectDisposedException(nameof(RawSoapReply)), _offset, Length);

    /// <summary>
    /// Answers the client with <paramref name="statusCode"/> instead of the destination's status: a SOAP fault goes to
    /// the client as 500 whatever the backend used, because that is the status a WCF client reads faults on.
    /// </summary>
    public void AnswerWith(int statusCode) => StatusCode = statusCode;

    /// <summary>An empty reply, for a one-way acknowledgement; owns nothing.</summary>
    public static RawSoapReply Empty(int statusCode, string? contentType) => new(statusCode, contentType, [], 0, pool: null);

    /// <summary>Returns the buffer to its pool. Safe to call more than once: the buffer is returned exactly once.</summary>
    public void Dispose()
    {
        var buffer = Interlocked.Exchange(ref _buffer, null);
        if (buffer is null)
        {
            return;
        }

        if (Interlocked.Exchange(ref _owner, null) is { } owner)
        {
            owner.Dispose();
        }
        else
        {
            _pool?.Return(buffer);
        }
    }
}
