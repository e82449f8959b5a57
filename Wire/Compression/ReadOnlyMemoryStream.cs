namespace SoapRouter.Wire.Compression;

/// <summary>A read-only, seekless stream over a <see cref="ReadOnlyMemory{T}"/>, so stream decoders read pooled bytes without a copy.</summary>
internal sealed class ReadOnlyMemoryStream(ReadOnlyMemory<byte> memory) : Stream
{
    private int _position;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => memory.Length;

    public override long Position
    {
        get => _position;
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        var count = Math.Min(buffer.Length, memory.Length - _position);
        memory.Span.Slice(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override int ReadByte() => _position < memory.Length ? memory.Span[_position++] : -1;

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
