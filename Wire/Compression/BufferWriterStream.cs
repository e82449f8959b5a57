using System.Buffers;

namespace SoapRouter.Wire.Compression;

/// <summary>A write-only stream appending to an <see cref="IBufferWriter{T}"/>, so stream encoders write into pooled buffers.</summary>
internal sealed class BufferWriterStream(IBufferWriter<byte> destination) : Stream
{
    private long _written;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => _written;

    public override long Position
    {
        get => _written;
        set => throw new NotSupportedException();
    }

    /// <summary>The bytes written so far.</summary>
    public long Written => _written;

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        destination.Write(buffer);
        _written += buffer.Length;
    }

    public override void WriteByte(byte value) => Write([value]);

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
