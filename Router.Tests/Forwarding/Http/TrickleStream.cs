namespace SoapRouter.Tests.Forwarding.Http;

/// <summary>A read-only stream that hands out at most a few bytes per read, like a body arriving in pieces, and can fail midway.</summary>
internal sealed class TrickleStream(byte[] bytes, int maxPerRead) : Stream
{
    private int _position;

    /// <summary>Throws an <see cref="IOException"/> once this many bytes were read; -1: never.</summary>
    public int FailAfter { get; init; } = -1;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => _position;
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (FailAfter >= 0 && _position >= FailAfter)
        {
            throw new IOException("connection reset");
        }

        var n = Math.Min(Math.Min(buffer.Length, maxPerRead), bytes.Length - _position);
        bytes.AsSpan(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Read(buffer.Span));

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
