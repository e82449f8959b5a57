using System.Diagnostics;

namespace SoapRouter.Tests.Support;

/// <summary>A read-only stream over another that hands out bytes no faster than <c>bytesPerSecond</c>: a slow but steady sender.</summary>
internal sealed class ThrottledStream(Stream inner, long bytesPerSecond) : Stream
{
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private long _read;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => inner.Length;

    public override long Position
    {
        get => _read;
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        // Ahead of schedule: wait until the bytes handed out so far are due.
        var due = TimeSpan.FromSeconds((double)_read / bytesPerSecond) - _clock.Elapsed;
        if (due > TimeSpan.Zero)
        {
            Thread.Sleep(due);
        }

        var read = inner.Read(buffer, offset, (int)Math.Min(count, Math.Max(1, bytesPerSecond / 20)));
        _read += read;
        return read;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
