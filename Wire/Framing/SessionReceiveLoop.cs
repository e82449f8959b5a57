using System.Buffers;
using System.IO.Pipelines;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel.Channels;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The message phase of one session: reads Sized Envelopes, copying each payload into a pooled array as its bytes
/// arrive (so the transport's buffer never has to hold a whole large message), reads it with the session's reader
/// encoder, and hands it to the endpoint, up to <see cref="NetTcpSessionLimits.MaxPendingMessages"/> at once. Ends at
/// End, a client Fault, a framing error, an unreadable payload, the idle timeout, a stop, or the peer going away.
/// With <paramref name="strings"/> (an endpoint that <see cref="INetTcpEndpoint.TranslatesSession"/>), the loop keeps
/// the client's session dictionary itself: each payload's string table is read into it and its records translated into
/// session-free msbin1, which <paramref name="reader"/> (then the session-free encoder) reads.
/// </summary>
internal sealed class SessionReceiveLoop(
    FramingConnection connection,
    Uri via,
    INetTcpEndpoint endpoint,
    MessageCodec reader,
    SessionSender sender,
    CancellationToken sessionClosing,
    ICompressionCodec? compression = null,
    X509Certificate2? clientCertificate = null,
    SessionStrings? strings = null)
{
    private byte[]? _payload;
    private int _payloadSize;
    private int _payloadFilled;

    /// <summary>Messages handed to the endpoint so far.</summary>
    public long Messages { get; private set; }

    /// <summary>The fault to answer when the loop ended with <see cref="SessionEndReason.Refused"/>.</summary>
    public string? Fault { get; private set; }

    /// <summary>Runs until the session's message phase is over.</summary>
    public async Task<SessionEndReason> RunAsync()
    {
        var input = connection.Input;
        try
        {
            while (true)
            {
                ReadResult result;
                try
                {
                    result = await connection.Input.ReadAsync().ConfigureAwait(false);
                }
                catch (Exception ex) when (connection.Vanished(ex, "reset while reading messages"))
                {
                    return SessionEndReason.PeerVanished;
                }

                var buffer = result.Buffer;
                if (result.IsCanceled)
                {
                    input.AdvanceTo(buffer.Start);
                    if (connection.FailedReason is { } failed)
                    {
                        Fault = connection.FailureFault;
                        return failed;
                    }

                    if (connection.IsStopping)
                    {
                        return SessionEndReason.Stopping;
                    }

                    if (connection.Clock.IsExpired)
                    {
                        return SessionEndReason.Idle;
                    }

                    continue;
                }

                connection.Clock.Touch();
                var (ended, reason) = await ProcessAsync(buffer, result.IsCompleted).ConfigureAwait(false);
                if (ended)
                {
                    return reason;
                }
            }
        }
        finally
        {
            ReturnPayload();
        }
    }

    /// <summary>Handles the records in <paramref name="buffer"/>; advances the reader; says whether the phase is over.</summary>
    private async ValueTask<(bool Ended, SessionEndReason Reason)> ProcessAsync(ReadOnlySequence<byte> buffer, bool isCompleted)
    {
        var input = connection.Input;
        while (true)
        {
            if (_payload is not null)
            {
                var take = (int)Math.Min(_payloadSize - _payloadFilled, buffer.Length);
                buffer.Slice(0, take).CopyTo(_payload.AsSpan(_payloadFilled));
                _payloadFilled += take;
                buffer = buffer.Slice(take);
                if (_payloadFilled < _payloadSize)
                {
                    break;
                }

                var dispatched = await DispatchAsync().ConfigureAwait(false);
                if (dispatched != null)
                {
                    input.AdvanceTo(buffer.Start);
                    return (true, dispatched.Value);
                }

                continue;
            }

            var head = EnvelopeRecordDecoder.Decode(buffer, connection.Limits.Wire.MaxMessageSize);
            switch (head.Status)
            {
                case EnvelopeRecordStatus.SizedEnvelope:
                    buffer = buffer.Slice(head.HeadLength);
                    _payloadSize = head.PayloadSize;
                    _payloadFilled = 0;
                    _payload = reader.Buffers.TakeBuffer(head.PayloadSize);
                    continue;

                case EnvelopeRecordStatus.End:
                    input.AdvanceTo(buffer.Slice(head.HeadLength).Start);
                    return (true, SessionEndReason.ClientEnded);

                case EnvelopeRecordStatus.Fault:
                    input.AdvanceTo(buffer.Slice(head.HeadLength).Start);
                    NetTcpSessionLog.ClientFault(connection.Logger, via, head.Fault!);
                    return (true, SessionEndReason.ClientFault);

                case EnvelopeRecordStatus.TooLarge:
                    input.AdvanceTo(buffer.End);
                    NetTcpSessionLog.MessageTooLarge(connection.Logger, via, head.PayloadSize, connection.Limits.Wire.MaxMessageSize);
                    Fault = FramingFaults.MaxMessageSizeExceeded;
                    return (true, SessionEndReason.Refused);

                case EnvelopeRecordStatus.Malformed:
                    input.AdvanceTo(buffer.End);
                    NetTcpSessionLog.MalformedRecord(connection.Logger, via, head.Problem!);
                    Fault = FramingFaults.InvalidRecordSequence;
                    return (true, SessionEndReason.Refused);
            }

            // NeedMoreData: keep what is here, wait for more.
            break;
        }

        input.AdvanceTo(buffer.Start, buffer.End);
        if (isCompleted)
        {
            NetTcpSessionLog.PeerVanished(connection.Logger, _payload is null && buffer.IsEmpty ? "between messages" : "mid-record");
            return (true, SessionEndReason.PeerVanished);
        }

        return (false, default);
    }

    /// <summary>
    /// The decoded payload in a buffer of the reader's pool (the compressed one goes back), never past the message size
    /// limit; null (logged) when it expands past it or does not decode: the session cannot go on.
    /// </summary>
    private (byte[] Payload, int Size)? Decompress(byte[] payload, int size)
    {
        using var plain = new PooledBufferWriter(Math.Max(size * 4, 4096));
        try
        {
            var length = compression!.Decompress(payload.AsMemory(0, size), plain, originalLength: null, (int)Math.Min(reader.Limits.MaxMessageSize, int.MaxValue - 1));
            var decoded = reader.Buffers.TakeBuffer(Math.Max(length, 1));
            plain.WrittenSpan.CopyTo(decoded);
            return (decoded, length);
        }
        catch (DecompressionException ex)
        {
            NetTcpSessionLog.UnreadablePayload(connection.Logger, via, size, ex);
            return null;
        }
        finally
        {
            reader.Buffers.ReturnBuffer(payload);
        }
    }

    /// <summary>Reads the assembled payload and hands it to the endpoint; null on success, else why the session ends.</summary>
    private async ValueTask<SessionEndReason?> DispatchAsync()
    {
        var payload = _payload!;
        var size = _payloadSize;
        _payload = null;
        if (compression is not null)
        {
            // WCF's compressed session: the message's bytes (session dictionary included) are compressed on their own.
            if (Decompress(payload, size) is not { } plain)
            {
                return SessionEndReason.Unreadable;
            }

            (payload, size) = plain;
        }

        var encodedLength = size;
        var understood = true;
        if (strings is not null)
        {
            // The client's dictionary is the loop's: the message becomes msbin1 that any session-free reader can read.
            if (Translate(payload, size) is not { } translated)
            {
                return SessionEndReason.Unreadable;
            }

            (payload, size, understood) = translated;
        }

        // The endpoint may cut out what the reader cannot read (an August 2004 listener's anonymous ReplyTo).
        size = endpoint.PrepareToRead(payload.AsSpan(0, size));

        MessageBuffer buffer;
        byte[]? owned = null;
        try
        {
            if (strings is not null)
            {
                // The msbin1 bytes stay the request's (returned when it is disposed, after its buffer): the first message
                // is the one read here, and any later one reads them again.
                owned = payload;
                var segment = new ArraySegment<byte>(payload, 0, size);
                buffer = new ReadAgainBuffer(reader, segment, contentType: null, understood && endpoint.ReadsTranslation ? null : reader.Read(segment));
            }
            else
            {
                // From here the message owns the array (ReadPooled returns it itself when reading fails).
                var message = reader.ReadPooled(payload, size);
                try
                {
                    buffer = message.CreateBufferedCopy(int.MaxValue);
                }
                finally
                {
                    message.Close();
                }
            }
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            if (owned is not null)
            {
                reader.Buffers.ReturnBuffer(owned);
            }

            // XmlException, CommunicationException, QuotaExceededException, InvalidDataException, ...: whatever WCF's
            // reader throws, the session dictionary may now be out of step with the client's, so the session is over.
            NetTcpSessionLog.UnreadablePayload(connection.Logger, via, size, ex);

            return SessionEndReason.Unreadable;
        }

        if (!connection.InFlight.TryEnter() && !await connection.InFlight.EnterAsync().ConfigureAwait(false))
        {
            buffer.Close();
            if (owned is not null)
            {
                reader.Buffers.ReturnBuffer(owned);
            }

            Fault = connection.FailureFault;
            return connection.FailedReason ?? SessionEndReason.Stopping;
        }

        Messages++;
        var request = new NetTcpRequest(buffer, via, encodedLength, sender, sessionClosing, clientCertificate)
        {
            Msbin1 = owned is null || !understood ? default(ArraySegment<byte>?) : new ArraySegment<byte>(owned, 0, size),
            Owned = owned is null ? null : (owned, reader.Buffers),
        };
        ValueTask handling;
        try
        {
            handling = endpoint.HandleAsync(request);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            NetTcpSessionLog.HandlerFailed(connection.Logger, via, ex);
            request.Dispose();
            Completed();
            return null;
        }

        if (handling.IsCompletedSuccessfully)
        {
            handling.GetAwaiter().GetResult();
            Completed();
        }
        else
        {
            _ = TrackAsync(handling, request);
        }

        return null;
    }

    /// <summary>
    /// The session payload <paramref name="payload"/> (whose array goes back to the pool) as session-free msbin1 in a
    /// buffer of the reader's pool, its string table added to the client's dictionary. When a record below the table is
    /// not understood, the records before it (<c>Understood</c> false): a break in the body leaves the whole header section,
    /// which the reader reads, so the message is answered with a fault (its body check, or its re-encode, fails) and the
    /// session goes on, as it did when WCF's session reader read it; a break in the headers fails the reader. Null
    /// (logged) when the table cannot be read: the dictionary is then out of step with the client's, and the session is over.
    /// </summary>
    private (byte[] Payload, int Size, bool Understood)? Translate(byte[] payload, int size)
    {
        try
        {
            var bytes = payload.AsSpan(0, size);
            var translation = SessionTranslator.PayloadToMsbin1(bytes, strings!, reader.Buffers, reservedPrefix: 0, maxLength: reader.Limits.MaxMessageSize);
            if (translation.Problem is not { } problem)
            {
                return (translation.Buffer!, translation.Length, true);
            }

            NetTcpSessionLog.UntranslatablePayload(connection.Logger, via, size, problem);
            if (translation.ProblemOffset == 0)
            {
                // The string table itself.
                return null;
            }

            var table = new Msbin1Cursor(bytes);
            var recordsStart = table.ReadMultiByteInt31() + table.Position;
            var understood = SessionTranslator.ToMsbin1(
                bytes[recordsStart..translation.ProblemOffset], strings!, reader.Buffers, reservedPrefix: 0, maxLength: reader.Limits.MaxMessageSize);
            return understood.Succeeded ? (understood.Buffer!, understood.Length, false) : null;
        }
        finally
        {
            reader.Buffers.ReturnBuffer(payload);
        }
    }

    private async Task TrackAsync(ValueTask handling, NetTcpRequest request)
    {
        try
        {
            await handling.ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // A handler that threw may not have disposed its request; disposing twice is harmless.
            if (ex is not OperationCanceledException || !sessionClosing.IsCancellationRequested)
            {
                NetTcpSessionLog.HandlerFailed(connection.Logger, via, ex);
            }

            request.Dispose();
        }
        finally
        {
            Completed();
        }
    }

    private void Completed()
    {
        // Activity first: an idle check that sees nothing in flight must also see this moment as the last activity.
        connection.Clock.Touch();
        if (connection.InFlight.Exit())
        {
            connection.Clock.OnDrained();
        }
    }

    private void ReturnPayload()
    {
        if (_payload is { } payload)
        {
            _payload = null;
            reader.Buffers.ReturnBuffer(payload);
        }
    }
}
