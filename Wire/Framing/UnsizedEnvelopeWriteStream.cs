using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// Writes an Unsized Envelope record ([MC-NMF] 2.2.3.6, singleton-unsized mode) as a write-only stream: the record type on
/// the first write, then each write as one data chunk (MB31 size, bytes), flushed; <see cref="CompleteAsync"/> writes the
/// terminating chunk and the End record. Synchronous writes (WCF's encoders write so) block on the asynchronous ones: call
/// them off the I/O threads. A peer gone throws <see cref="IOException"/>.
/// </summary>
public sealed class UnsizedEnvelopeWriteStream(PipeWriter output) : Stream
{
    private bool _started;
    private bool _completed;

    /// <summary>The envelope's bytes written so far.</summary>
    public long BytesWritten { get; private set; }

    /// <inheritdoc />
    public override bool CanRead => false;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => true;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count) =>
        WriteAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    /// <inheritdoc />
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    /// <inheritdoc />
    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(_completed, this);
        if (buffer.IsEmpty)
        {
            return;
        }

        var head = output.GetSpan(1 + MultiByteInt31.MaxLength);
        var written = 0;
        if (!_started)
        {
            head[written++] = (byte)FramingRecordType.UnsizedEnvelope;
            _started = true;
        }

        written += MultiByteInt31.Write(head[written..], buffer.Length);
        output.Advance(written);
        await FlushAsync(output.WriteAsync(buffer, cancellationToken)).ConfigureAwait(false);
        BytesWritten += buffer.Length;
    }

    /// <summary>Ends the envelope (its record type first, when nothing was written) with the terminating chunk and End.</summary>
    public async ValueTask CompleteAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(_completed, this);
        _completed = true;
        var tail = output.GetSpan(3);
        var written = 0;
        if (!_started)
        {
            tail[written++] = (byte)FramingRecordType.UnsizedEnvelope;
            _started = true;
        }

        tail[written++] = 0;
        tail[written++] = (byte)FramingRecordType.End;
        output.Advance(written);
        await FlushAsync(output.FlushAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>Answers without an envelope (a one-way message's acknowledgement): the End record alone.</summary>
    public async ValueTask CompleteEmptyAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(_completed || _started, this);
        _completed = true;
        output.GetSpan(1)[0] = (byte)FramingRecordType.End;
        output.Advance(1);
        await FlushAsync(output.FlushAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    private static async ValueTask FlushAsync(ValueTask<FlushResult> flush)
    {
        FlushResult result;
        try
        {
            result = await flush.ConfigureAwait(false);
        }
        catch (Exception ex) when (PeerGone.Is(ex) && ex is not IOException)
        {
            throw new IOException("The connection is gone.", ex);
        }

        if (result.IsCanceled || result.IsCompleted)
        {
            throw new IOException("The connection is gone.");
        }
    }
}
