using System.Buffers;
using System.IO.Pipelines;

namespace SoapRouter.Wire.Tls;

/// <summary>
/// A <see cref="Stream"/> over both sides of an <see cref="IDuplexPipe"/> (what <see cref="System.Net.Security.SslStream"/>
/// runs over; Kestrel's own is internal). Reads take what the pipe has, up to the caller's buffer, and leave the rest
/// in the pipe; writes are flushed at once, so handshake messages go out without waiting for a flush. Disposing it
/// leaves the pipe alone: the transport belongs to whoever created it.
/// </summary>
internal sealed class DuplexPipeStream(IDuplexPipe transport) : Stream
{
    private volatile bool _peerClosed;

    /// <summary>True once a read met the end of the input, or the transport failed under a read or write.</summary>
    public bool PeerClosed => _peerClosed;

    public override bool CanRead => true;

    public override bool CanWrite => true;

    public override bool CanSeek => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var input = transport.Input;
        while (true)
        {
            ReadResult result;
            try
            {
                result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                _peerClosed = true;
                throw;
            }

            var available = result.Buffer;
            if (!available.IsEmpty)
            {
                // A zero-length buffer asks only to wait for data: nothing is consumed, so it is read again at once.
                var count = (int)Math.Min(available.Length, buffer.Length);
                available.Slice(0, count).CopyTo(buffer.Span);
                input.AdvanceTo(available.GetPosition(count));
                return count;
            }

            if (result.IsCompleted)
            {
                input.AdvanceTo(available.End);
                _peerClosed = true;
                return 0;
            }

            // A wake-up meant for another reader of this pipe (a framing timer): nothing to hand over, read again.
            input.AdvanceTo(available.Start);
        }
    }

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        FlushResult result;
        try
        {
            result = await transport.Output.WriteAsync(buffer, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            _peerClosed = true;
            throw;
        }

        ThrowIfEnded(result, cancellationToken);
    }

    public override async Task FlushAsync(CancellationToken cancellationToken)
    {
        FlushResult result;
        try
        {
            result = await transport.Output.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            _peerClosed = true;
            throw;
        }

        ThrowIfEnded(result, cancellationToken);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    // The synchronous members block on the asynchronous ones: SslStream is only ever driven asynchronously here, and
    // a pipe has no synchronous read.
    public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    public override void Write(byte[] buffer, int offset, int count) => WriteAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    public override void Flush() => FlushAsync(CancellationToken.None).GetAwaiter().GetResult();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    private void ThrowIfEnded(FlushResult result, CancellationToken cancellationToken)
    {
        if (result.IsCanceled)
        {
            throw new OperationCanceledException(cancellationToken);
        }

        if (result.IsCompleted)
        {
            // The transport's reading side is gone: the peer cannot receive any more.
            _peerClosed = true;
            throw new IOException("The connection is closed; nothing more can be sent.");
        }
    }
}
