using System.ServiceModel;
using System.ServiceModel.Channels;
using SoapRouter.Forwarding.NetTcp;
using SoapRouter.Forwarding;
using SoapRouter.LoadBalancing;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Framing;

namespace SoapRouter.Listening.NetTcp;

/// <summary>
/// One client's net.tcp session on a netTcp listener. Its messages go into the pipeline through the listener's
/// endpoint, each with its <see cref="SessionTurn"/>. On a route with affinity the first message binds the session
/// to a backend session of its own (<see cref="SendAsync"/>); from then on every message goes to that backend session
/// in order, and everything the destination sends on it (replies, callbacks, requests of the service's) comes back on
/// this session in order (after the client's End, replies only: a closing WCF client refuses anything else).
/// The client's End closes the backend session gracefully (End after what is in flight);
/// the client vanishing, the idle timeout or a broken session abort it; the backend session dying faults this one.
/// </summary>
internal sealed class NetTcpClientSession(NetTcpListenerEndpoint listener, ILogger logger) : INetTcpSessionEndpoint, INetTcpSessionSink
{
    private NetTcpSessionHandle? _handle;
    private SessionAffinity? _bound;
    private volatile bool _closing;

    // Touched only by HandleAsync's synchronous part, which the session's read loop runs one message at a time.
    private Task _lastTurn = Task.CompletedTask;

    /// <summary>The backend session this client session is bound to; null before its first message on a route with affinity.</summary>
    public SessionAffinity? Bound => Volatile.Read(ref _bound);

    /// <inheritdoc />
    public WireBinding Binding => listener.Listener.Binding;

    /// <inheritdoc />
    public void Opened(NetTcpSessionHandle session) => _handle = session;

    /// <inheritdoc />
    public int PrepareToRead(Span<byte> payload) => August2004ReplyTo.CutFromSession(listener.Listener.Binding, payload);

    /// <inheritdoc />
    public async ValueTask HandleAsync(NetTcpRequest request)
    {
        var turn = new SessionTurn(this, _lastTurn);
        _lastTurn = turn.Done;
        try
        {
            if (Bound is null)
            {
                // Until the session is bound, the message before this one may be the one that binds it.
                await turn.Previous.ConfigureAwait(false);
            }

            await listener.HandleAsync(request, turn).ConfigureAwait(false);
        }
        finally
        {
            turn.Release();
        }
    }

    /// <summary>
    /// Sends <paramref name="message"/> (the message of <paramref name="turn"/>) on this session's backend session,
    /// opening it on <paramref name="client"/> first when the session is not bound yet. Returns None once it is written;
    /// a failed open's error (nothing was sent: the forwarder may try another destination); SessionLimit (the client's
    /// session is refused with ServerTooBusy); or a reset (the backend session's end faults the client's session).
    /// </summary>
    public async ValueTask<ForwardError> SendAsync(
        NetTcpDestinationClient client, ClusterState cluster, DestinationState destination, Message message, SessionTurn turn, TimeSpan timeout)
    {
        var bound = Bound;
        if (bound is null)
        {
            var (channel, error) = await client.OpenDedicatedAsync(this).ConfigureAwait(false);
            if (channel is null)
            {
                if (error == ForwardError.SessionLimit)
                {
                    NetTcpListenerLog.SessionLimit(logger, listener.Listener.Name, destination.Name);
                    _handle?.Refuse(FramingFaults.ServerTooBusy);
                }

                return error;
            }

            bound = new SessionAffinity(turn.Route!, cluster, destination, channel);
            Volatile.Write(ref _bound, bound);
            NetTcpListenerLog.SessionBound(logger, listener.Listener.Name, destination.Name);
        }

        try
        {
            await turn.Previous.ConfigureAwait(false);
            await bound.Channel.SendAsync(message, messageId: null, timeout).ConfigureAwait(false);
            return ForwardError.None;
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex))
        {
            // The backend session is gone (its end faults this session): nothing more goes to it.
            return ForwardError.ResetAfterSend;
        }
        finally
        {
            turn.Release();
        }
    }

    /// <inheritdoc />
    public async ValueTask DeliverAsync(Message message)
    {
        Message? forClient = null;
        try
        {
            if (_handle!.ClientEnded && message.Headers.RelatesTo is null)
            {
                // The client closed its side: replies to what it sent still go to it, but a callback or a request of the
                // service's now would fault a closing WCF client's close, so what the service sends unasked while its
                // session closes is dropped.
                NetTcpListenerLog.DroppedAfterEnd(logger, listener.Listener.Name, message.Headers.Action);
                return;
            }

            if (message.IsFault)
            {
                listener.Statistics.RecordFault(Telemetry.FaultKind.BackendFault);
            }

            // Copied as the message path copies replies: written as it was read, WCF's writer would lose a DateTime's kind.
            forClient = MessageBridge.ForClient(message, listener.Listener.Binding, relatesTo: null, listener.MaxMessageSize);
            await _handle.SendAsync(forClient, _handle.Closing).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex))
        {
            // The client's session is ending or gone; its end closes the backend session.
            var reason = ex.GetType().Name;
            NetTcpListenerLog.AnswerNotSent(logger, listener.Listener.Name, reason);
        }
        finally
        {
            forClient?.Close();
            message.Close();
        }
    }

    /// <inheritdoc />
    public void Ended()
    {
        if (!_closing)
        {
            // The service instance behind the session is gone with its state: the client must know, not be moved elsewhere.
            NetTcpListenerLog.BackendSessionLost(logger, listener.Listener.Name, Bound?.Destination.Name ?? "?");
            _handle?.Abort();
        }
    }

    /// <inheritdoc />
    public async ValueTask ClosedAsync(bool clientEnded)
    {
        _closing = true;
        if (Bound is not { } bound)
        {
            return;
        }

        if (clientEnded)
        {
            await bound.Channel.CloseAsync(bound.Cluster.RequestTimeout).ConfigureAwait(false);
        }
        else
        {
            bound.Channel.Dispose();
        }
    }
}
