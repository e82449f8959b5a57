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
/// to a backend session of its own (its <see cref="SessionAffinity"/>, which forwarding owns); from then on every
/// message goes to that backend session in order, and everything the destination sends on it (replies, callbacks,
/// requests of the service's) comes back on this session, the affinity's sink, in order (after the client's End,
/// replies only: a closing WCF client refuses anything else).
/// The client's End closes the backend session gracefully (End after what is in flight);
/// the client vanishing, the idle timeout or a broken session abort it; the backend session dying faults this one.
/// </summary>
internal sealed class NetTcpClientSession : INetTcpSessionEndpoint, INetTcpSessionSink
{
    private readonly NetTcpListenerEndpoint _listener;
    private readonly ILogger _logger;
    private readonly SessionAffinity _affinity;
    private NetTcpSessionHandle? _handle;
    private volatile bool _closing;

    // Touched only by HandleAsync's synchronous part, which the session's read loop runs one message at a time.
    private Task _lastTurn = Task.CompletedTask;

    /// <summary>A session of <paramref name="listener"/>'s, unbound.</summary>
    public NetTcpClientSession(NetTcpListenerEndpoint listener, ILogger logger)
    {
        _listener = listener;
        _logger = logger;
        _affinity = new SessionAffinity(this, logger);
    }

    /// <inheritdoc />
    public WireBinding Binding => _listener.Listener.Binding;

    /// <inheritdoc />
    public void Opened(NetTcpSessionHandle session) => _handle = session;

    /// <inheritdoc />
    public bool TranslatesSession => true;

    /// <inheritdoc />
    public bool ReadsTranslation => true;

    /// <inheritdoc />
    public int PrepareToRead(Span<byte> payload) => August2004ReplyTo.CutFromMsbin1(_listener.Listener.Binding, payload);

    /// <inheritdoc />
    public async ValueTask HandleAsync(NetTcpRequest request)
    {
        var turn = new SessionTurn(_affinity, _lastTurn);
        _lastTurn = turn.Done;
        try
        {
            if (_affinity.Bound is null)
            {
                // Until the session is bound, the message before this one may be the one that binds it.
                await turn.Previous.ConfigureAwait(false);
            }

            await _listener.HandleAsync(request, turn, this).ConfigureAwait(false);
        }
        finally
        {
            turn.Release();
        }
    }

    /// <inheritdoc />
    public void Refused(DestinationState destination)
    {
        NetTcpListenerLog.SessionLimit(_logger, _listener.Listener.Name, destination.Name);
        _handle?.Refuse(FramingFaults.ServerTooBusy);
    }

    /// <summary>
    /// Ends the session from the router's side: with the framing fault <paramref name="fault"/> (a one-way message a durable
    /// route could not keep: ServerTooBusy, which a WCF client raises as ServerTooBusyException), or aborted when it is null.
    /// </summary>
    public void End(string? fault)
    {
        if (fault is null)
        {
            _handle?.Abort();
        }
        else
        {
            _handle?.Refuse(fault);
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
                NetTcpListenerLog.DroppedAfterEnd(_logger, _listener.Listener.Name, message.Headers.Action);
                return;
            }

            if (message.IsFault)
            {
                _listener.Statistics.RecordFault(Telemetry.FaultKind.BackendFault);
            }

            // Copied as the message path copies replies: written as it was read, WCF's writer would lose a DateTime's kind.
            forClient = MessageBridge.ForClient(message, _listener.Listener.Binding, relatesTo: null, _listener.MaxMessageSize);
            await _handle.SendAsync(forClient, _handle.Closing).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex))
        {
            // The client's session is ending or gone; its end closes the backend session.
            var reason = ex.GetType().Name;
            NetTcpListenerLog.AnswerNotSent(_logger, _listener.Listener.Name, reason);
        }
        finally
        {
            forClient?.Close();
            message.Close();
        }
    }

    /// <inheritdoc />
    public async ValueTask DeliverAsync(FramedReply message)
    {
        ArgumentNullException.ThrowIfNull(message);
        var bytes = message.Bytes;
        Message? read = null;
        Message? forClient = null;
        try
        {
            if (_handle!.ClientEnded && message.RelatesTo is null)
            {
                // As DeliverAsync(Message) says: what the service sends unasked while the client's session closes is dropped.
                NetTcpListenerLog.DroppedAfterEnd(_logger, _listener.Listener.Name, action: null);
                return;
            }

            if (message.IsFault)
            {
                _listener.Statistics.RecordFault(Telemetry.FaultKind.BackendFault);
            }

            var bound = _affinity.Bound;
            var binding = _listener.Listener.Binding;
            if (bound is not null && ReferenceEquals(binding.Sessionless, bound.Destination.Binding.Sessionless))
            {
                // Both sessions speak the same SOAP and WS-Addressing versions: the bytes go on as they came.
                await _handle.SendEncodedAsync(bytes.Body, _handle.Closing).ConfigureAwait(false);
                return;
            }

            // Another version on the client's side (an August 2004 listener): WCF reads it, the bridge maps it, the session writes it.
            read = ((NetTcpFramedSession)bound!.Channel).Codec.Read(bytes.Segment);
            forClient = MessageBridge.ForClient(read, binding, relatesTo: null, _listener.MaxMessageSize);
            await _handle.SendAsync(forClient, _handle.Closing).ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex) || ErrorClassifier.IsBadInput(ex))
        {
            var reason = ex.GetType().Name;
            NetTcpListenerLog.AnswerNotSent(_logger, _listener.Listener.Name, reason);
        }
        finally
        {
            forClient?.Close();
            read?.Close();
            bytes.Dispose();
        }
    }

    /// <inheritdoc />
    public void Ended()
    {
        if (!_closing)
        {
            // The service instance behind the session is gone with its state: the client must know, not be moved elsewhere.
            NetTcpListenerLog.BackendSessionLost(_logger, _listener.Listener.Name, _affinity.Bound?.Destination.Name ?? "?");
            _handle?.Abort();
        }
    }

    /// <inheritdoc />
    public ValueTask ClosedAsync(bool clientEnded)
    {
        _closing = true;
        return _affinity.CloseAsync(graceful: clientEnded);
    }
}
