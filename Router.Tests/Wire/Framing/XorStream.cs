namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A stream that flips every byte (XOR 0x5A) on its way through: the "encryption" of <see cref="XorStreamUpgrade"/>, so
/// a test can tell bytes read through the upgraded stream from bytes read past it. Never closes the inner stream.
/// </summary>
internal sealed class XorStream(Stream inner) : Stream
{
    public const byte Key = 0x5A;

    public override bool CanRead => true;

    public override bool CanWrite => true;

    public override bool CanSeek => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public static byte[] Flip(ReadOnlySpan<byte> bytes)
    {
        var flipped = bytes.ToArray();
        for (var i = 0; i < flipped.Length; i++)
        {
            flipped[i] ^= Key;
        }

        return flipped;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var read = await inner.ReadAsync(buffer, cancellationToken);
        Flip(buffer.Span[..read]).CopyTo(buffer.Span);
        return read;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default) =>
        inner.WriteAsync(Flip(buffer.Span), cancellationToken);

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer, offset, count).GetAwaiter().GetResult();

    public override void Write(byte[] buffer, int offset, int count) => WriteAsync(buffer, offset, count).GetAwaiter().GetResult();

    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

    public override void Flush() => inner.Flush();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
