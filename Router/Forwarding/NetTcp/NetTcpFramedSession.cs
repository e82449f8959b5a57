using System.Collections.Concurrent;
using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Forwarding.Http;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// One net.tcp session to a destination on the router's own framing client (<see cref="NetTcpFramingClient"/>), in place
/// of WCF's channel for a plain destination (no TLS, no compression, WS-Addressing 1.0). What goes out is session-free
/// msbin1 behind an empty string table, so nothing is added to the destination's dictionary: a message's bytes as received
/// (<see cref="SendAsync(byte[], int, int, CancellationToken)"/>), or a message WCF's session-free encoder writes
/// (<see cref="SendAsync(Message, CancellationToken)"/>). What comes back is translated from the destination's session
/// dictionary (kept here, in arrival order) into session-free msbin1 with no WCF reader, then either handed to the request
/// whose MessageID its RelatesTo names (a pooled session, many requests at once, replies in any order) or, on a session
/// with affinity, delivered to the client session's sink in order. When the session ends every request still waiting
/// fails, the sink is told, and the session is no longer used.
/// </summary>
internal sealed class NetTcpFramedSession : INetTcpFramingClientHandler, IBackendSession
{
    /// <summary>Room a payload buffer keeps in front of the message: the Sized Envelope head, then the empty string table.</summary>
    public const int HeadRoom = NetTcpFramingClient.HeadRoom + 1;

    private readonly ConcurrentDictionary<string, ReplyWait> _waiting = new(StringComparer.Ordinal);
    private readonly SessionStrings _strings = new();
    private readonly MessageCodec _codec;
    private readonly string _destination;
    private readonly ILogger _logger;
    private readonly INetTcpSessionSink? _sink;
    private readonly Action? _released;
    private NetTcpFramingClient? _client;
    private Task _delivered = Task.CompletedTask;
    private int _closed;

    private NetTcpFramedSession(MessageCodec codec, string destination, ILogger logger, INetTcpSessionSink? sink, Action? released)
    {
        _codec = codec;
        _destination = destination;
        _logger = logger;
        _sink = sink;
        _released = released;
    }

    /// <summary>True while messages may be sent on this session.</summary>
    public bool IsUsable => Volatile.Read(ref _closed) == 0 && _client?.IsOpen == true;

    /// <summary>The destination binding's session-free codec: what writes messages for this session and reads its replies when needed.</summary>
    public MessageCodec Codec => _codec;

    /// <summary>
    /// Opens a session to <paramref name="address"/>; <paramref name="codec"/> is the destination binding's session-free
    /// codec. With <paramref name="sink"/> (a session with affinity), everything the destination sends goes to it in order;
    /// <paramref name="released"/> runs once when the session is over. Failures throw (the caller classifies them).
    /// </summary>
    public static async Task<NetTcpFramedSession> OpenAsync(
        Uri address, NetTcpFramingClientOptions options, MessageCodec codec, string destination, ILogger logger,
        INetTcpSessionSink? sink = null, Action? released = null)
    {
        var session = new NetTcpFramedSession(codec, destination, logger, sink, released);
        try
        {
            session._client = await NetTcpFramingClient.ConnectAsync(address, options, session, logger, CancellationToken.None).ConfigureAwait(false);
        }
        catch
        {
            // The handler hears nothing of a connection that failed to open, and neither does the sink: nothing was bound.
            Volatile.Write(ref session._closed, 1);
            throw;
        }

        return session;
    }

    /// <summary>
    /// Registers a wait for the reply to <paramref name="messageId"/>, cancelled (its task with it) when
    /// <paramref name="cancellationToken"/> is; false when a request with that id is already waiting on this session (the
    /// replies could not be told apart). A cancelled wait stays registered until <see cref="Forget"/>.
    /// </summary>
    public bool TryExpect(string messageId, CancellationToken cancellationToken, out Task<FramedReply> reply)
    {
        // Completed by OnPayload: inline for a small reply (see there), so no continuation option.
        var waiting = new ReplyWait();
        reply = waiting.Task;
        if (!_waiting.TryAdd(messageId, waiting))
        {
            return false;
        }

        // On the task itself (no WaitAsync promise around it). Registered after the add: a reply that came first leaves a
        // registration whose callback finds the task completed, until the token's source is reset or disposed.
        waiting.Cancellation = cancellationToken.UnsafeRegister(
            static (state, token) => ((ReplyWait)state!).TrySetCanceled(token), waiting);
        return true;
    }

    /// <summary>
    /// Sends the <paramref name="count"/> bytes of <paramref name="payload"/> at <paramref name="offset"/> (a whole session
    /// payload, string table first, with <see cref="NetTcpFramingClient.HeadRoom"/> bytes of room before
    /// it) as one Sized Envelope. Throws what <see cref="NetTcpFramingClient.SendAsync(byte[], int, int, CancellationToken)"/> throws.
    /// </summary>
    public ValueTask SendAsync(byte[] payload, int offset, int count, CancellationToken cancellationToken) =>
        _client!.SendAsync(payload, offset, count, cancellationToken);

    /// <summary>Writes <paramref name="message"/> with the session-free encoder and sends it behind an empty string table.</summary>
    public async ValueTask SendAsync(Message message, CancellationToken cancellationToken)
    {
        using var bytes = _codec.Write(message, HeadRoom);
        bytes.Array[bytes.Offset - 1] = 0;
        await _client!.SendAsync(bytes.Array, bytes.Offset - 1, bytes.Count + 1, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Stops waiting for the reply to <paramref name="messageId"/> (its request failed, timed out or was cancelled).</summary>
    public void Forget(string messageId)
    {
        if (_waiting.TryRemove(messageId, out var waiting))
        {
            waiting.Cancellation.Unregister();
            waiting.TrySetCanceled();
        }
    }

    /// <summary>
    /// Ends the session gracefully: End to the destination, then what it still sends (callbacks in flight) is delivered
    /// until its own End; within <paramref name="timeout"/>, else it is aborted.
    /// </summary>
    public async Task CloseAsync(TimeSpan timeout)
    {
        if (_client is { } client)
        {
            await client.CloseAsync(timeout).ConfigureAwait(false);
        }

        await _delivered.ConfigureAwait(false);
    }

    /// <inheritdoc />
    public void OnPayload(ReadOnlySpan<byte> payload)
    {
        var translation = SessionTranslator.PayloadToMsbin1(payload, _strings, _codec.Buffers, reservedPrefix: 0, maxLength: _codec.Limits.MaxMessageSize);
        if (translation.Problem is { } problem)
        {
            // The destination's dictionary can no longer be followed: nothing more it sends can be read. The client ends
            // the session when this throws.
            NetTcpLog.UnreadableReply(_logger, _destination, problem);
            throw new CommunicationException("A message of the destination's session could not be read.");
        }

        var bytes = new RawSoapReply(StatusCodes.Status200OK, SoapMediaTypes.Msbin1, translation.Buffer!, translation.Length, _codec.Buffers.Pool);
        try
        {
            if (!TryCorrelate(bytes, out var relatesTo, out var isFault))
            {
                NetTcpLog.UnreadableReply(_logger, _destination, "its addressing headers could not be read");
                return;
            }

            var reply = new FramedReply(bytes, isFault, relatesTo);
            if (relatesTo is not null && _waiting.TryRemove(relatesTo, out var waiting))
            {
                bytes = null;
                Complete(waiting, reply);
                return;
            }

            if (_sink is { } sink)
            {
                // In arrival order: each delivery waits for the one before it.
                _delivered = DeliverAsync(_delivered, sink, reply);
                bytes = null;
                return;
            }

            // Late (its request timed out) or unasked for (a pooled session relays no callbacks): nobody will read it.
            NetTcpLog.UnmatchedFramedReply(_logger, _destination, relatesTo);
        }
        finally
        {
            bytes?.Dispose();
        }
    }

    /// <inheritdoc />
    public void OnEnded(NetTcpFramingEnd end)
    {
        ArgumentNullException.ThrowIfNull(end);
        if (!end.IsGraceful)
        {
            var reason = end.Reason.ToString();
            NetTcpLog.SessionEnded(_logger, _destination, reason);
        }

        FailWaiting();

        // After what is still being delivered: the sink hears of the end last.
        _delivered = EndAsync(_delivered);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        FailWaiting();
        if (_client is { } client)
        {
            client.Abort();
        }
        else
        {
            Release();
        }
    }

    /// <summary>
    /// Hands <paramref name="reply"/> to its request. A small one is answered from here, on the receive loop (an event
    /// thread when I/O runs inline): what is left of its path is a few microseconds and one send, cheaper than a hop to the
    /// thread pool; a large one is handed over on the thread pool, so the loop reads on meanwhile.
    /// </summary>
    private static void Complete(ReplyWait waiting, FramedReply reply)
    {
        waiting.Cancellation.Unregister();
        if (!Hosting.IoScheduling.IsLarge(reply.Bytes.Length))
        {
            if (!waiting.TrySetResult(reply))
            {
                reply.Bytes.Dispose();
            }

            return;
        }

        ThreadPool.UnsafeQueueUserWorkItem(
            static state =>
            {
                if (!state.Waiting.TrySetResult(state.Reply))
                {
                    state.Reply.Bytes.Dispose();
                }
            },
            (Waiting: waiting, Reply: reply),
            preferLocal: false);
    }

    private static async Task DeliverAsync(Task previous, INetTcpSessionSink sink, FramedReply reply)
    {
        await previous.ConfigureAwait(false);
        await sink.DeliverAsync(reply).ConfigureAwait(false);
    }

    private async Task EndAsync(Task previous)
    {
        await previous.ConfigureAwait(false);
        Release();
    }

    /// <summary>Marks the session over, once: the slot it held is released and the sink told.</summary>
    private void Release()
    {
        if (Interlocked.Exchange(ref _closed, 1) != 0)
        {
            return;
        }

        _released?.Invoke();
        _sink?.Ended();
    }

    /// <summary>
    /// What the reply answers and whether it is a fault: from its bytes, or, in a shape the byte scans leave alone, from
    /// WCF's reading of them; false when neither can read it.
    /// </summary>
    private bool TryCorrelate(RawSoapReply reply, out string? relatesTo, out bool isFault)
    {
        if (FramedReplyReader.TryRead(reply.Body.Span, out relatesTo, out isFault))
        {
            return true;
        }

        Message? message = null;
        try
        {
            message = _codec.Read(reply.Segment);
            relatesTo = message.Headers.RelatesTo?.ToString();
            isFault = message.IsFault;
            return true;
        }
        catch (Exception ex) when (Wire.Errors.ErrorClassifier.IsBadInput(ex))
        {
            return false;
        }
        finally
        {
            message?.Close();
        }
    }

    private void FailWaiting()
    {
        foreach (var (id, waiting) in _waiting)
        {
            if (_waiting.TryRemove(id, out _))
            {
                waiting.Cancellation.Unregister();
                waiting.TrySetException(new CommunicationException("The net.tcp session ended before the reply came."));
            }
        }
    }

    /// <summary>A request's wait for its reply, with the registration that cancels it.</summary>
    private sealed class ReplyWait : TaskCompletionSource<FramedReply>
    {
        public CancellationTokenRegistration Cancellation;
    }
}
