using System.Buffers;
using System.Net.Sockets;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The receiving side of a <see cref="NetTcpFramingClient"/>: one socket read at a time into one pooled buffer, records
/// decoded in place with <see cref="EnvelopeRecordDecoder"/>. A payload that is all in the buffer is handed up from
/// it; one larger than the buffer is read straight into a pooled array of its own size. Only the receive loop touches
/// it (no locks); <see cref="Stop"/> is the one member another thread may call. Disposing returns the buffer.
/// </summary>
internal sealed class NetTcpFramingReceiver(Socket socket, int bufferSize, int maxMessageSize) : IDisposable
{
    private static readonly NetTcpFramingEnd Stopped = new(NetTcpFramingEndReason.Aborted, "The client stopped the session.");
    private static readonly NetTcpFramingEnd ClosedMidRecord = new(NetTcpFramingEndReason.ConnectionClosed, "The server closed the connection in the middle of a record.");

    private byte[]? _buffer = MessageBufferPool.Instance.Rent(bufferSize);
    private int _start;
    private int _end;

    // The size of a payload whose head was consumed and which is too large for the buffer; 0 when none.
    private int _largePayloadSize;
    private volatile bool _stopped;

    private byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(NetTcpFramingReceiver));

    /// <summary>Stops handing up payloads: the loop ends at its next record or read (the caller closes the socket).</summary>
    public void Stop() => _stopped = true;

    /// <summary>
    /// Reads the server's answer to the preamble (Preamble Ack, Fault or Malformed) and consumes it; bytes after it stay
    /// for <see cref="RunAsync"/>. Null when the server closed the connection first.
    /// </summary>
    public async ValueTask<EnvelopeRecordHead?> ReadPreambleAnswerAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var answer = EnvelopeRecordDecoder.DecodePreambleAnswer(Pending);
            if (answer.Status != EnvelopeRecordStatus.NeedMoreData)
            {
                _start += answer.HeadLength;
                return answer;
            }

            if (!await ReceiveMoreAsync(cancellationToken).ConfigureAwait(false))
            {
                return null;
            }
        }
    }

    /// <summary>
    /// Hands every payload to <paramref name="handler"/> until the session is over: the server's End, Fault, a close, a
    /// broken record, an oversized one, a handler that threw, or <see cref="Stop"/>. Socket errors throw.
    /// </summary>
    public async Task<NetTcpFramingEnd> RunAsync(INetTcpFramingClientHandler handler)
    {
        // One async method for the session's life: its state machine is boxed once, not once per read.
        while (true)
        {
            if (Deliver(handler) is { } end)
            {
                return end;
            }

            if (_largePayloadSize > 0)
            {
                if (await ReceiveLargeAsync(handler).ConfigureAwait(false) is { } largeEnd)
                {
                    return largeEnd;
                }

                continue;
            }

            if (_stopped)
            {
                return Stopped;
            }

            var buffer = Compact();
            var read = await socket.ReceiveAsync(buffer.AsMemory(_end), SocketFlags.None, CancellationToken.None).ConfigureAwait(false);
            if (read == 0)
            {
                return _start == _end
                    ? new NetTcpFramingEnd(NetTcpFramingEndReason.ConnectionClosed, "The server closed the connection without End.")
                    : ClosedMidRecord;
            }

            _end += read;
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _buffer, null) is { } buffer)
        {
            MessageBufferPool.Instance.Return(buffer);
        }
    }

    private ReadOnlySequence<byte> Pending => new(Buffer, _start, _end - _start);

    /// <summary>
    /// Hands up every whole record in the buffer; the end, or null for more bytes (with <see cref="_largePayloadSize"/>
    /// set when they are a payload too large for the buffer, whose head is consumed).
    /// </summary>
    private NetTcpFramingEnd? Deliver(INetTcpFramingClientHandler handler)
    {
        while (!_stopped)
        {
            var head = EnvelopeRecordDecoder.Decode(Pending, maxMessageSize);
            switch (head.Status)
            {
                case EnvelopeRecordStatus.NeedMoreData:
                    return null;

                case EnvelopeRecordStatus.SizedEnvelope:
                    var payloadStart = _start + head.HeadLength;
                    if (_end - payloadStart < head.PayloadSize)
                    {
                        // Not all here: wait for the rest in this buffer, or read it into one of its own when it cannot fit.
                        if (head.HeadLength + head.PayloadSize > Buffer.Length)
                        {
                            _start = payloadStart;
                            _largePayloadSize = head.PayloadSize;
                        }

                        return null;
                    }

                    _start = payloadStart + head.PayloadSize;
                    if (Hand(handler, Buffer.AsSpan(payloadStart, head.PayloadSize)) is { } unreadable)
                    {
                        return unreadable;
                    }

                    continue;

                case EnvelopeRecordStatus.End:
                    _start += head.HeadLength;
                    return new NetTcpFramingEnd(NetTcpFramingEndReason.ServerEnded, "The server sent End.");

                case EnvelopeRecordStatus.Fault:
                    _start += head.HeadLength;
                    return new NetTcpFramingEnd(NetTcpFramingEndReason.ServerFault, "The server sent a Fault record.", head.Fault);

                case EnvelopeRecordStatus.TooLarge:
                    return new NetTcpFramingEnd(
                        NetTcpFramingEndReason.MessageTooLarge, $"The server announced a {head.PayloadSize}-byte message; the largest accepted is {maxMessageSize}.");

                default:
                    return new NetTcpFramingEnd(NetTcpFramingEndReason.Malformed, head.Problem!);
            }
        }

        return Stopped;
    }

    /// <summary>
    /// Reads the payload of <see cref="_largePayloadSize"/> bytes (what of it is in the buffer first) into a pooled
    /// array of its own and hands it up; null when the session goes on.
    /// </summary>
    private async ValueTask<NetTcpFramingEnd?> ReceiveLargeAsync(INetTcpFramingClientHandler handler)
    {
        var size = _largePayloadSize;
        _largePayloadSize = 0;
        var pool = MessageBufferPool.Instance;
        using var payload = new PooledMessageBytes(pool.Rent(size), 0, size, pool);
        var filled = _end - _start;
        Buffer.AsSpan(_start, filled).CopyTo(payload.Array);
        _start = _end = 0;
        while (filled < size)
        {
            if (_stopped)
            {
                return Stopped;
            }

            // Only the payload's own bytes: the next record's land in the buffer.
            var read = await socket.ReceiveAsync(payload.Array.AsMemory(filled, size - filled), SocketFlags.None, CancellationToken.None).ConfigureAwait(false);
            if (read == 0)
            {
                return ClosedMidRecord;
            }

            filled += read;
        }

        return _stopped ? Stopped : Hand(handler, payload.Array.AsSpan(0, size));
    }

    /// <summary>Calls the handler; the end when it threw (what it read may have changed the session dictionary).</summary>
    private static NetTcpFramingEnd? Hand(INetTcpFramingClientHandler handler, ReadOnlySpan<byte> payload)
    {
        try
        {
            handler.OnPayload(payload);
            return null;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            return new NetTcpFramingEnd(NetTcpFramingEndReason.Unreadable, $"The handler could not take a {payload.Length}-byte payload.", Error: ex);
        }
    }

    /// <summary>Reads more bytes after what the buffer holds; false when the server closed.</summary>
    private async ValueTask<bool> ReceiveMoreAsync(CancellationToken cancellationToken)
    {
        var buffer = Compact();
        var read = await socket.ReceiveAsync(buffer.AsMemory(_end), SocketFlags.None, cancellationToken).ConfigureAwait(false);
        _end += read;
        return read > 0;
    }

    /// <summary>Moves a partial record to the front of the buffer, so the rest of it can follow; the buffer.</summary>
    private byte[] Compact()
    {
        var buffer = Buffer;
        if (_start == _end)
        {
            _start = _end = 0;
        }
        else if (_start > 0)
        {
            System.Buffer.BlockCopy(buffer, _start, buffer, 0, _end - _start);
            _end -= _start;
            _start = 0;
        }

        return buffer;
    }
}
