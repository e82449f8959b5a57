using System.Collections.Concurrent;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.Xml;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// One net.tcp session to a destination: a WCF duplex session channel (NetTcpBinding), with a receive loop that hands
/// each reply to the request whose MessageID its RelatesTo names. Many requests share a pooled session at once; replies
/// may come in any order. A session with affinity (one client session's own) has a sink instead, which gets every
/// message the destination sends, in order. When the session ends (the destination closed it, a fault, a reset) every
/// request still waiting fails, the sink is told, and the session is no longer used.
/// </summary>
internal sealed class NetTcpSessionChannel : IBackendSession
{
    private readonly IDuplexSessionChannel _channel;
    private readonly ConcurrentDictionary<UniqueId, TaskCompletionSource<Message>> _waiting = new();
    private readonly ILogger _logger;
    private readonly string _destination;
    private readonly INetTcpSessionSink? _sink;
    private readonly Action? _released;
    private readonly Task _receiving;
    private int _closed;
    private int _closingGracefully;

    private NetTcpSessionChannel(IDuplexSessionChannel channel, string destination, ILogger logger, INetTcpSessionSink? sink, Action? released)
    {
        _channel = channel;
        _destination = destination;
        _logger = logger;
        _sink = sink;
        _released = released;
        _receiving = ReceiveLoopAsync();
    }

    /// <summary>True while requests may be sent on this session.</summary>
    public bool IsUsable => Volatile.Read(ref _closed) == 0 && _channel.State == CommunicationState.Opened;

    /// <summary>Requests waiting for their reply.</summary>
    public int Waiting => _waiting.Count;

    /// <summary>
    /// Opens a session on <paramref name="factory"/> to <paramref name="address"/>; with <paramref name="sink"/>, every
    /// message the destination sends goes to it. <paramref name="released"/> runs once when the session is over.
    /// Failures throw (the caller classifies them).
    /// </summary>
    public static async Task<NetTcpSessionChannel> OpenAsync(
        IChannelFactory<IDuplexSessionChannel> factory,
        EndpointAddress address,
        TimeSpan timeout,
        string destination,
        ILogger logger,
        INetTcpSessionSink? sink = null,
        Action? released = null)
    {
        var channel = factory.CreateChannel(address);
        try
        {
            await Task.Factory.FromAsync(channel.BeginOpen, channel.EndOpen, timeout, null).ConfigureAwait(false);
        }
        catch
        {
            channel.Abort();
            throw;
        }

        return new NetTcpSessionChannel(channel, destination, logger, sink, released);
    }

    /// <summary>
    /// Sends <paramref name="message"/>; when <paramref name="messageId"/> is set, returns the task of its reply, which
    /// fails when the session ends first. The message is written before this returns.
    /// </summary>
    public async Task<Task<Message>?> SendAsync(Message message, UniqueId? messageId, TimeSpan timeout)
    {
        TaskCompletionSource<Message>? reply = null;
        if (messageId is not null)
        {
            reply = new TaskCompletionSource<Message>(TaskCreationOptions.RunContinuationsAsynchronously);
            if (!_waiting.TryAdd(messageId, reply))
            {
                throw new InvalidOperationException("A request with this MessageID is already waiting on the session.");
            }
        }

        try
        {
            await Task.Factory.FromAsync(_channel.BeginSend, _channel.EndSend, message, timeout, null).ConfigureAwait(false);
        }
        catch
        {
            if (messageId is not null)
            {
                _waiting.TryRemove(messageId, out _);
            }

            throw;
        }

        // The session may have ended between registering and sending; the receive loop failed what it found then.
        if (reply is not null && Volatile.Read(ref _closed) != 0)
        {
            reply.TrySetException(new CommunicationException("The net.tcp session ended."));
        }

        return reply?.Task;
    }

    /// <summary>Stops waiting for the reply to <paramref name="messageId"/> (its request timed out or was cancelled).</summary>
    public void Forget(UniqueId messageId) => _waiting.TryRemove(messageId, out _);

    /// <summary>
    /// Ends the session gracefully: End to the destination, then what it still sends (callbacks in flight) is delivered
    /// until its own End, then the channel closes; within <paramref name="timeout"/>, else it is aborted.
    /// </summary>
    public async Task CloseAsync(TimeSpan timeout)
    {
        Volatile.Write(ref _closingGracefully, 1);
        try
        {
            var session = _channel.Session;
            await Task.Factory.FromAsync(session.BeginCloseOutputSession, session.EndCloseOutputSession, timeout, null).ConfigureAwait(false);
            await _receiving.WaitAsync(timeout).ConfigureAwait(false);
            await Task.Factory.FromAsync(_channel.BeginClose, _channel.EndClose, timeout, null).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex))
        {
            var reason = ex.GetType().Name;
            NetTcpLog.SessionEnded(_logger, _destination, reason);
        }
        finally
        {
            Dispose();
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _closed, 1) != 0)
        {
            return;
        }

        FailWaiting();
        _channel.Abort();
        _released?.Invoke();
        _sink?.Ended();
    }

    private async Task ReceiveLoopAsync()
    {
        try
        {
            while (Volatile.Read(ref _closed) == 0)
            {
                var message = await Task.Factory.FromAsync(_channel.BeginReceive, _channel.EndReceive, TimeSpan.MaxValue, null).ConfigureAwait(false);
                if (message is null)
                {
                    // The destination ended the session (End record).
                    break;
                }

                if (message.Headers.RelatesTo is { } relatesTo && _waiting.TryRemove(relatesTo, out var waiting) && waiting.TrySetResult(message))
                {
                    continue;
                }

                if (_sink is not null)
                {
                    await _sink.DeliverAsync(message).ConfigureAwait(false);
                    continue;
                }

                // Late (its request timed out) or unasked for: nobody will read it.
                var action = message.Headers.Action;
                NetTcpLog.UnmatchedReply(_logger, _destination, action);
                message.Close();
            }
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex) || ErrorClassifier.IsBadInput(ex))
        {
            var reason = ex.GetType().Name;
            NetTcpLog.SessionEnded(_logger, _destination, reason);
        }

        // A graceful close (CloseAsync) closes the channel itself once this loop has seen the destination's End.
        if (Volatile.Read(ref _closingGracefully) == 0)
        {
            Dispose();
        }
    }

    private void FailWaiting()
    {
        foreach (var (id, waiting) in _waiting)
        {
            if (_waiting.TryRemove(id, out _))
            {
                waiting.TrySetException(new CommunicationException("The net.tcp session ended before the reply came."));
            }
        }
    }
}
