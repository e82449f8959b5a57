namespace BackendStub.Service;

/// <summary>
/// A request body that ends the connection once <c>limit</c> bytes were read from it: a backend failing mid-transfer,
/// for tests of what the router does when part of a streamed message was already sent.
/// </summary>
internal sealed class AbortingReadStream(Stream inner, long limit, Action abort) : Stream
{
    private long _read;

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
        get => _read;
        set => throw new NotSupportedException();
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count)
    {
        if (_read >= limit)
        {
            abort();
            throw new IOException($"The stub ended the connection after {limit} request bytes (abortAfter).");
        }

        var read = inner.Read(buffer, offset, (int)Math.Min(count, limit - _read));
        _read += read;
        return read;
    }

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
