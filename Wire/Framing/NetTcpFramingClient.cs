using System.Buffers;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.ServiceModel;
using Microsoft.Extensions.Logging;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The client side of .NET Message Framing ([MC-NMF]) for one duplex session over plain TCP, as a NetTcpBinding client
/// with SecurityMode.None speaks it, carrying payloads the caller encodes and decodes itself (binary session bytes: the
/// session's string table and records): no Message, no encoder. Sends go out one at a time in call order, each one
/// Sized Envelope in one socket send. One receive loop hands every payload the server sends to the handler, in order,
/// and tells it once why the session ended. A session is not reused after it ends.
/// </summary>
public sealed class NetTcpFramingClient : IAsyncDisposable
{
    /// <summary>The port of a net.tcp address that names none.</summary>
    public const int DefaultPort = 808;

    /// <summary>The room a payload's buffer keeps in front of it for the Sized Envelope head (the longest head there is).</summary>
    public const int HeadRoom = FramingRecordWriter.MaxSizedEnvelopeHeadLength;

    private const int Open = 0;
    private const int Closing = 1;
    private const int Ended = 2;

    // How long the answer to a server's own End (it is stopping, or the session was idle) may wait for a send in progress.
    private static readonly TimeSpan AnswerEndTimeout = TimeSpan.FromSeconds(1);
    private static readonly ReadOnlyMemory<byte> EndRecord = new[] { (byte)FramingRecordType.End };

    private readonly Socket _socket;
    private readonly NetTcpFramingReceiver _receiver;
    private readonly INetTcpFramingClientHandler _handler;
    private readonly ILogger _logger;

    // Never disposed: its wait handle is never used, and a send racing the end must meet the refusal, not a disposed lock.
    private readonly SemaphoreSlim _sendGate = new(1, 1);
    private Task _receiving = Task.CompletedTask;
    private int _state;
    private bool _endSent;
    private NetTcpFramingEnd? _localEnd;

    private NetTcpFramingClient(Uri via, Socket socket, NetTcpFramingReceiver receiver, INetTcpFramingClientHandler handler, ILogger logger)
    {
        Via = via;
        _socket = socket;
        _receiver = receiver;
        _handler = handler;
        _logger = logger;
    }

    /// <summary>The address the session was opened for (the preamble's Via).</summary>
    public Uri Via { get; }

    /// <summary>True until the session ends or its close begins: sends are accepted.</summary>
    public bool IsOpen => Volatile.Read(ref _state) == Open;

    /// <summary>
    /// Connects to the host and port of <paramref name="via"/> (net.tcp://host:port/path), sends the duplex preamble
    /// (Version 1.0, Mode Duplex, Via, the binary session encoding, Preamble End) and reads the server's Preamble Ack;
    /// the receive loop then runs, and <paramref name="handler"/> may be called before this task completes. A Fault
    /// record instead of the ack throws what WCF's client throws for it (<see cref="FramingFaults.ToException"/>:
    /// <see cref="EndpointNotFoundException"/>, <see cref="ServerTooBusyException"/>, ...), a close before it a
    /// <see cref="CommunicationException"/>, another record a <see cref="ProtocolException"/>; a refused connect throws
    /// <see cref="SocketException"/>, and a connect and answer slower than the options' ConnectTimeout
    /// <see cref="TimeoutException"/>. The handler hears nothing of a connection that failed to open.
    /// </summary>
    public static async Task<NetTcpFramingClient> ConnectAsync(
        Uri via, NetTcpFramingClientOptions options, INetTcpFramingClientHandler handler, ILogger logger, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(via);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(handler);
        ArgumentNullException.ThrowIfNull(logger);
        options.Validate();
        if (!via.IsAbsoluteUri || !string.Equals(via.Scheme, "net.tcp", StringComparison.OrdinalIgnoreCase))
        {
            throw new ArgumentException("The Via must be an absolute net.tcp address.", nameof(via));
        }

        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true, ReceiveBufferSize = options.ReceiveBufferSize };
        if (options.SendBufferSize > 0)
        {
            socket.SendBufferSize = options.SendBufferSize;
        }

        var receiver = new NetTcpFramingReceiver(socket, options.ReceiveBufferSize, options.MaxMessageSize);
        using (var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
        {
            timeout.CancelAfter(options.ConnectTimeout);
            try
            {
                await socket.ConnectAsync(via.DnsSafeHost, via.Port > 0 ? via.Port : DefaultPort, timeout.Token).ConfigureAwait(false);
                var preamble = new ArrayBufferWriter<byte>(256);
                FramingRecordWriter.WriteDuplexPreamble(preamble, via);
                await SendAllAsync(socket, preamble.WrittenMemory, timeout.Token).ConfigureAwait(false);
                var answer = await receiver.ReadPreambleAnswerAsync(timeout.Token).ConfigureAwait(false);
                if (answer?.Status != EnvelopeRecordStatus.PreambleAck)
                {
                    throw Refusal(answer, via);
                }
            }
            catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                receiver.Dispose();
                socket.Dispose();
                throw new TimeoutException($"Opening a net.tcp session to {via} took longer than {options.ConnectTimeout}.");
            }
            catch
            {
                receiver.Dispose();
                socket.Dispose();
                throw;
            }
        }

        var client = new NetTcpFramingClient(via, socket, receiver, handler, logger);
        NetTcpFramingClientLog.Opened(logger, via);

        // Off the caller's stack: bytes after the ack would otherwise reach the handler before this returns.
        client._receiving = Task.Run(client.ReceiveLoopAsync, CancellationToken.None);
        return client;
    }

    /// <summary>
    /// Sends <paramref name="payload"/> as one Sized Envelope, copied once into a pooled buffer behind its head (the
    /// overload with room in front copies nothing). See <see cref="SendAsync(byte[], int, int, CancellationToken)"/>.
    /// </summary>
    public ValueTask SendAsync(ReadOnlyMemory<byte> payload, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfZero(payload.Length, nameof(payload));
        if (!IsOpen)
        {
            return ValueTask.FromException(SessionEnded());
        }

        var pool = MessageBufferPool.Instance;
        var headRoom = FramingRecordWriter.MaxSizedEnvelopeHeadLength;
        var bytes = new PooledMessageBytes(pool.Rent(headRoom + payload.Length), headRoom, payload.Length, pool);
        payload.Span.CopyTo(bytes.Array.AsSpan(headRoom));
        return SendOwnedAsync(bytes, cancellationToken);
    }

    /// <summary>
    /// Sends the <paramref name="count"/> payload bytes at <paramref name="offset"/> of <paramref name="buffer"/> as one
    /// Sized Envelope: its head is written into the room in front (<paramref name="offset"/> must be at least
    /// <see cref="FramingRecordWriter.MaxSizedEnvelopeHeadLength"/>), so head and payload go out in one socket send with
    /// no copy. The buffer is the caller's again when the task completes. Sends go out one at a time in the order they
    /// were called; one cancelled while it waits for its turn is not sent, one cancelled while it is being written ends
    /// the session (its record may be torn). A send on a session that has ended, or whose close has begun, throws
    /// <see cref="CommunicationObjectAbortedException"/>; one the connection fails under throws a
    /// <see cref="CommunicationException"/> around the socket's error, and ends the session.
    /// </summary>
    public ValueTask SendAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        ArgumentOutOfRangeException.ThrowIfLessThan(offset, FramingRecordWriter.MaxSizedEnvelopeHeadLength);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, buffer.Length - offset);
        if (!IsOpen)
        {
            return ValueTask.FromException(SessionEnded());
        }

        var head = FramingRecordWriter.WriteSizedEnvelopeHead(buffer.AsSpan(0, offset), count);
        return SendRecordAsync(buffer.AsMemory(offset - head, head + count), cancellationToken);
    }

    /// <summary>
    /// Closes the session gracefully: sends End (after the sends already called), goes on handing up what the server
    /// still sends until its End, then closes the connection. Past <paramref name="timeout"/> the connection is aborted
    /// instead (the handler hears <see cref="NetTcpFramingEndReason.Aborted"/>). Returns once the handler was told the
    /// session ended; never throws for the session's end. Call it from outside the handler's callbacks.
    /// </summary>
    public async Task CloseAsync(TimeSpan timeout)
    {
        using (var deadline = new CancellationTokenSource(timeout))
        {
            try
            {
                if (Interlocked.CompareExchange(ref _state, Closing, Open) == Open)
                {
                    await SendEndAsync(deadline.Token).ConfigureAwait(false);
                }

                await _receiving.WaitAsync(deadline.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                Fail(new NetTcpFramingEnd(NetTcpFramingEndReason.Aborted, $"The server did not answer End within {timeout}."));
            }
            catch (CommunicationException)
            {
                // The End could not be sent: the session has ended already, and the receive loop says why.
            }
        }

        await _receiving.ConfigureAwait(false);
    }

    /// <summary>Closes the connection at once; the handler hears <see cref="NetTcpFramingEndReason.Aborted"/> (unless the session had ended already).</summary>
    public void Abort() => Fail(new NetTcpFramingEnd(NetTcpFramingEndReason.Aborted, "The client aborted the session."));

    /// <summary>Aborts (<see cref="Abort"/>) and waits until the handler was told the session ended. Call it from outside the handler's callbacks.</summary>
    public async ValueTask DisposeAsync()
    {
        Abort();
        await _receiving.ConfigureAwait(false);
    }

    private static CommunicationException Refusal(EnvelopeRecordHead? answer, Uri via) => answer switch
    {
        null => new CommunicationException($"The server at {via} closed the connection before answering the net.tcp preamble."),
        { Status: EnvelopeRecordStatus.Fault } fault => FramingFaults.ToException(fault.Fault!, via),
        { } other => new ProtocolException($"The server at {via} did not answer the net.tcp preamble with Preamble Ack: {other.Problem}"),
    };

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private static async ValueTask SendAllAsync(Socket socket, ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken)
    {
        while (!bytes.IsEmpty)
        {
            var sent = await socket.SendAsync(bytes, SocketFlags.None, cancellationToken).ConfigureAwait(false);
            bytes = bytes[sent..];
        }
    }

    private async ValueTask SendOwnedAsync(PooledMessageBytes bytes, CancellationToken cancellationToken)
    {
        using (bytes)
        {
            await SendAsync(bytes.Array, bytes.Offset, bytes.Count, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Writes one whole record under the send lock; its turn is taken before this first yields, so sends keep their call order.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask SendRecordAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken)
    {
        await _sendGate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_endSent || Volatile.Read(ref _state) == Ended)
            {
                throw SessionEnded();
            }

            await WriteAsync(record, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendGate.Release();
        }
    }

    /// <summary>Sends End once, after every send that took its turn before it.</summary>
    private async Task SendEndAsync(CancellationToken cancellationToken)
    {
        await _sendGate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_endSent || Volatile.Read(ref _state) == Ended)
            {
                return;
            }

            _endSent = true;
            await WriteAsync(EndRecord, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _sendGate.Release();
        }
    }

    /// <summary>Writes under the send lock; a failed or cancelled write ends the session (what reached the wire is unknown).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask WriteAsync(ReadOnlyMemory<byte> record, CancellationToken cancellationToken)
    {
        try
        {
            await SendAllAsync(_socket, record, cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            Fail(new NetTcpFramingEnd(NetTcpFramingEndReason.Aborted, "A send was cancelled while it was being written."));
            throw;
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException)
        {
            if (Volatile.Read(ref _localEnd) is not null || Volatile.Read(ref _state) == Ended)
            {
                throw SessionEnded();
            }

            Fail(new NetTcpFramingEnd(NetTcpFramingEndReason.ConnectionReset, "A send failed.", Error: ex));
            throw new CommunicationException($"Sending to {Via} failed: {ex.Message}", ex);
        }
    }

    /// <summary>Ends the session from this side: records why (the first cause wins) and closes the socket, which ends the receive loop.</summary>
    private void Fail(NetTcpFramingEnd end)
    {
        if (Interlocked.CompareExchange(ref _localEnd, end, null) is not null)
        {
            return;
        }

        Volatile.Write(ref _state, Ended);
        _receiver.Stop();
        _socket.Dispose();
    }

    private async Task ReceiveLoopAsync()
    {
        NetTcpFramingEnd end;
        try
        {
            end = await _receiver.RunAsync(_handler).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            end = new NetTcpFramingEnd(NetTcpFramingEndReason.ConnectionReset, "The connection was reset.", Error: ex);
        }

        // A cause on this side (abort, a failed send) came first: the loop only met its consequence.
        if (Volatile.Read(ref _localEnd) is { } local && end.Reason is NetTcpFramingEndReason.ConnectionReset or NetTcpFramingEndReason.ConnectionClosed or NetTcpFramingEndReason.Aborted)
        {
            end = local;
        }

        if (end.Reason == NetTcpFramingEndReason.ServerEnded && Interlocked.CompareExchange(ref _state, Closing, Open) == Open)
        {
            // The server ended on its own (stopping, idle): End back, as a WCF client's close answers it.
            await AnswerEndAsync().ConfigureAwait(false);
        }

        Volatile.Write(ref _state, Ended);
        _receiver.Stop();
        _socket.Dispose();
        _receiver.Dispose();
        Report(end);
    }

    private async Task AnswerEndAsync()
    {
        using var deadline = new CancellationTokenSource(AnswerEndTimeout);
        try
        {
            await SendEndAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is CommunicationException or OperationCanceledException)
        {
            // The server is going anyway.
        }
    }

    private void Report(NetTcpFramingEnd end)
    {
        if (end.Reason is NetTcpFramingEndReason.ServerEnded or NetTcpFramingEndReason.Aborted)
        {
            NetTcpFramingClientLog.Ended(_logger, Via, end.Reason, end.Detail);
        }
        else
        {
            NetTcpFramingClientLog.Broke(_logger, Via, end.Reason, end.Detail, end.Fault, end.Error);
        }

        try
        {
            _handler.OnEnded(end);
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            NetTcpFramingClientLog.EndHandlerFailed(_logger, Via, ex);
        }
    }

    private CommunicationObjectAbortedException SessionEnded() => new($"The net.tcp session to {Via} has ended; the message was not sent.");
}
