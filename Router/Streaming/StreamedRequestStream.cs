namespace SoapRouter.Streaming;

/// <summary>
/// A streamed request as one stream, for WCF's encoder to read a message from: the bytes the router already holds,
/// then the rest of the client's body as the reader asks for it. Read once, forward only.
/// </summary>
internal sealed class StreamedRequestStream(StreamedRequest request) : Stream
{
    private int _firstOffset;

    /// <inheritdoc />
    public override bool CanRead => true;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => false;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <inheritdoc />
    public override int Read(Span<byte> buffer) => TakeFirst(buffer) is > 0 and var taken ? taken : request.ReadRest(buffer);

    /// <inheritdoc />
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        TakeFirst(buffer.Span) is > 0 and var taken ? taken : await request.ReadRestAsync(buffer, cancellationToken).ConfigureAwait(false);

    /// <inheritdoc />
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

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

    private int TakeFirst(Span<byte> buffer)
    {
        var first = request.FirstBytes.Span[_firstOffset..];
        var count = Math.Min(first.Length, buffer.Length);
        first[..count].CopyTo(buffer);
        _firstOffset += count;
        return count;
    }
}
