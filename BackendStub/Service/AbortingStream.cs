namespace BackendStub.Service;

/// <summary>
/// A request body (read) or a response body (written) that ends the connection once <c>limit</c> bytes went through it:
/// a backend failing mid-transfer, for tests of what the router does when part of a streamed message already passed.
/// </summary>
internal sealed class AbortingStream(Stream inner, long limit, Action abort) : Stream
{
    private long _passed;

    /// <inheritdoc />
    public override bool CanRead => inner.CanRead;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => inner.CanWrite;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position
    {
        get => _passed;
        set => throw new NotSupportedException();
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count)
    {
        var read = inner.Read(buffer, offset, Allowed(count));
        _passed += read;
        return read;
    }

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count)
    {
        var allowed = Allowed(count);
        inner.Write(buffer, offset, allowed);
        _passed += allowed;
        if (allowed < count)
        {
            Allowed(count - allowed);
        }
    }

    /// <inheritdoc />
    public override void Flush() => inner.Flush();

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <summary>How many of <paramref name="count"/> bytes may pass; at the limit the connection ends and this throws.</summary>
    private int Allowed(int count)
    {
        if (_passed >= limit && count > 0)
        {
            if (inner.CanWrite)
            {
                // What was written goes out before the connection ends.
                inner.Flush();
            }

            abort();
            throw new IOException($"The stub ended the connection after {limit} bytes (abortAfter).");
        }

        return (int)Math.Min(count, limit - _passed);
    }
}
