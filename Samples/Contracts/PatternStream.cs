namespace Samples.Contracts;

/// <summary>
/// A read-only stream of <c>length</c> bytes that are a function of their position (cheap to make, never stored, the same
/// at both ends), so a streamed transfer of any size can be checked byte for byte by its digest.
/// </summary>
public sealed class PatternStream : Stream
{
    private readonly long _length;
    private long _position;

    /// <summary>A stream of <paramref name="length"/> pattern bytes.</summary>
    public PatternStream(long length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        _length = length;
    }

    /// <inheritdoc />
    public override bool CanRead => true;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => false;

    /// <inheritdoc />
    public override long Length => _length;

    /// <inheritdoc />
    public override long Position
    {
        get => _position;
        set => throw new NotSupportedException();
    }

    /// <summary>The byte at <paramref name="position"/>: a multiplicative hash of it, so no run repeats at a short period.</summary>
    public static byte At(long position) => (byte)((ulong)position * 0x9E3779B97F4A7C15UL >> 56);

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <inheritdoc />
    public override int Read(Span<byte> buffer)
    {
        var count = (int)Math.Min(buffer.Length, _length - _position);
        for (var i = 0; i < count; i++)
        {
            buffer[i] = At(_position + i);
        }

        _position += count;
        return count;
    }

    /// <inheritdoc />
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Read(buffer.Span));

    /// <inheritdoc />
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        Task.FromResult(Read(buffer.AsSpan(offset, count)));

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
