using System.Buffers;
using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The body of an Unsized Envelope record ([MC-NMF] 2.2.3.6, singleton-unsized mode) as a read-only stream: data chunks,
/// each an MB31 size and its bytes, ended by a chunk of size 0, then the End record the client sends after it. Reads
/// return the chunks' bytes as they arrive, never more than one chunk at a time. Bad framing (a size that is no MB31, a
/// record other than End after the last chunk) throws <see cref="InvalidDataException"/>, a message past <c>maxSize</c>
/// <see cref="EnvelopeTooLargeException"/> (an IOException); a connection cut short throws <see cref="IOException"/>. Synchronous reads (WCF's
/// encoders read so) block on the asynchronous ones: call them off the I/O threads.
/// </summary>
public sealed class UnsizedEnvelopeReadStream : Stream
{
    private readonly PipeReader _input;
    private readonly long _maxSize;
    private int _chunkLeft;
    private long _total;
    private bool _endPending;

    /// <summary>Reads the chunks that follow an Unsized Envelope record from <paramref name="input"/>; at most <paramref name="maxSize"/> bytes in all.</summary>
    public UnsizedEnvelopeReadStream(PipeReader input, long maxSize)
    {
        ArgumentNullException.ThrowIfNull(input);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxSize);
        _input = input;
        _maxSize = maxSize;
    }

    /// <summary>True once the terminating chunk and the End record after it were read: the connection may carry another message.</summary>
    public bool Completed { get; private set; }

    /// <summary>The envelope's bytes read so far.</summary>
    public long BytesRead => _total;

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
    public override int Read(Span<byte> buffer)
    {
        var rented = ArrayPool<byte>.Shared.Rent(buffer.Length);
        try
        {
            var read = ReadAsync(rented.AsMemory(0, buffer.Length)).AsTask().GetAwaiter().GetResult();
            rented.AsSpan(0, read).CopyTo(buffer);
            return read;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <inheritdoc />
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    /// <inheritdoc />
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (Completed || buffer.IsEmpty)
        {
            return 0;
        }

        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (result.IsCanceled)
            {
                throw new OperationCanceledException("The read of the envelope was cancelled.");
            }

            var bytes = result.Buffer;
            if (_chunkLeft > 0)
            {
                if (!bytes.IsEmpty)
                {
                    var take = (int)Math.Min(Math.Min(_chunkLeft, buffer.Length), bytes.Length);
                    bytes.Slice(0, take).CopyTo(buffer.Span);
                    _input.AdvanceTo(bytes.GetPosition(take));
                    _chunkLeft -= take;
                    _total += take;
                    return take;
                }

                _input.AdvanceTo(bytes.Start);
                ThrowIfEnded(result);
                continue;
            }

            var consumed = ReadFraming(bytes);
            if (Completed || _chunkLeft > 0)
            {
                // Done, or a chunk size read: its bytes (those already here) are read next without waiting.
                _input.AdvanceTo(consumed);
                if (Completed)
                {
                    return 0;
                }

                continue;
            }

            _input.AdvanceTo(consumed, bytes.End);
            ThrowIfEnded(result);
        }
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

    /// <summary>Reads the next chunk size (or the last chunk's End); returns how far it got.</summary>
    private SequencePosition ReadFraming(ReadOnlySequence<byte> bytes)
    {
        var reader = new SequenceReader<byte>(bytes);
        if (_endPending)
        {
            return ReadEnd(ref reader);
        }

        switch (MultiByteInt31.TryRead(ref reader, out var size))
        {
            case OperationStatus.NeedMoreData:
                return bytes.Start;
            case OperationStatus.Done:
                break;
            default:
                throw new InvalidDataException("A chunk size of the envelope is not a valid MB31 integer.");
        }

        if (size == 0)
        {
            _endPending = true;
            return ReadEnd(ref reader);
        }

        if (_total + size > _maxSize)
        {
            throw new EnvelopeTooLargeException(_maxSize);
        }

        _chunkLeft = size;
        return reader.Position;
    }

    private static void ThrowIfEnded(ReadResult result)
    {
        if (result.IsCompleted)
        {
            throw new IOException("The connection ended inside the envelope.");
        }
    }

    private SequencePosition ReadEnd(ref SequenceReader<byte> reader)
    {
        if (!reader.TryRead(out var record))
        {
            return reader.Position;
        }

        if (record != (byte)FramingRecordType.End)
        {
            throw new InvalidDataException("The record after the envelope's last chunk is not End.");
        }

        Completed = true;
        return reader.Position;
    }
}
