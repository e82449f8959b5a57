using System.Buffers;
using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// One session's replies: its writer encoder (whose session dictionary the client's reader mirrors) and the
/// connection's output. Encoding and writing happen under the output's lock, so the order of dictionary additions is
/// the order of the bytes on the wire. In a compressed session (WCF's +gzip/+deflate) each encoded reply is compressed
/// on its own before it is framed, as WCF's encoder does.
/// </summary>
internal sealed class SessionSender(MessageCodec codec, FramingOutput output, ICompressionCodec? compression = null)
{
    private volatile bool _open = true;

    /// <summary>True until the session has ended (End sent, or the session abandoned).</summary>
    public bool IsOpen => _open && !output.IsBroken;

    /// <summary>Encodes and sends <paramref name="reply"/> as one Sized Envelope.</summary>
    public async ValueTask SendAsync(Message reply, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reply);
        await output.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (!IsOpen)
            {
                throw Closed();
            }

            // Room for the record head before the payload, so both go to the transport in one copy.
            using (var bytes = codec.Write(reply, FramingRecordWriter.MaxSizedEnvelopeHeadLength))
            {
                if (compression is null)
                {
                    var head = FramingRecordWriter.WriteSizedEnvelopeHead(bytes.Array.AsSpan(0, bytes.Offset), bytes.Count);
                    output.Writer.Write(bytes.Array.AsSpan(bytes.Offset - head, head + bytes.Count));
                }
                else
                {
                    WriteCompressed(bytes.Array.AsSpan(bytes.Offset, bytes.Count));
                }
            }

            if (!await output.FlushAsync().ConfigureAwait(false))
            {
                throw Closed();
            }
        }
        finally
        {
            output.Exit();
        }
    }

    /// <summary>
    /// Sends <paramref name="msbin1"/> (a message encoded without the session: static dictionary references only) as one
    /// Sized Envelope whose string table is empty, so the session dictionaries of both sides stay as they are and the
    /// encoder's later messages remain in step with the client's reader.
    /// </summary>
    public async ValueTask SendEncodedAsync(ReadOnlyMemory<byte> msbin1, CancellationToken cancellationToken)
    {
        await output.EnterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (!IsOpen)
            {
                throw Closed();
            }

            if (compression is null)
            {
                // The head, then the empty string table ([MC-NBFSE]: its size, 0), then the records.
                Span<byte> head = stackalloc byte[FramingRecordWriter.MaxSizedEnvelopeHeadLength + 1];
                head[^1] = 0;
                var length = FramingRecordWriter.WriteSizedEnvelopeHead(head[..^1], msbin1.Length + 1);
                output.Writer.Write(head[(head.Length - 1 - length)..]);
                output.Writer.Write(msbin1.Span);
            }
            else
            {
                var payload = ArrayPool<byte>.Shared.Rent(msbin1.Length + 1);
                try
                {
                    payload[0] = 0;
                    msbin1.Span.CopyTo(payload.AsSpan(1));
                    WriteCompressed(payload.AsSpan(0, msbin1.Length + 1));
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(payload);
                }
            }

            if (!await output.FlushAsync().ConfigureAwait(false))
            {
                throw Closed();
            }
        }
        finally
        {
            output.Exit();
        }
    }

    private void WriteCompressed(ReadOnlySpan<byte> payload)
    {
        using var compressed = new PooledBufferWriter(payload.Length / 2);
        compression!.Compress(payload, compressed, CodecLevel.Fast);
        Span<byte> head = stackalloc byte[FramingRecordWriter.MaxSizedEnvelopeHeadLength];
        var length = FramingRecordWriter.WriteSizedEnvelopeHead(head, compressed.WrittenCount);
        output.Writer.Write(head[^length..]);
        output.Writer.Write(compressed.WrittenSpan);
    }

    /// <summary>Ends the session: later sends are refused; with <paramref name="sendEnd"/>, an End record goes out first.</summary>
    public async ValueTask<bool> EndAsync(bool sendEnd)
    {
        // Set before taking the lock: a send waiting for it must not slip in after End.
        _open = false;
        return sendEnd && await output.WriteEndAsync().ConfigureAwait(false);
    }

    private static CommunicationObjectAbortedException Closed() =>
        new("The net.tcp session has ended; the message was not sent.");
}
