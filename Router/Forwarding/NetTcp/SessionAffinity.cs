using System.ServiceModel.Channels;
using SoapRouter.LoadBalancing;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// One client session's affinity to a backend session of its own (net.tcp to net.tcp, a route with affinity, as WCF's
/// RoutingService keeps it): unbound until the session's first message on such a route opens a backend session on the
/// destination the forwarder chose (<see cref="SendAsync"/>); from then on every message of the client session goes to that
/// backend session in the client's order, and what the destination sends on it goes to the sink the client session gave.
/// The listener's client session holds one and closes it with the session; forwarding owns what it opens.
/// </summary>
/// <param name="sink">Where the bound backend session delivers what its destination sends, and says it ended.</param>
internal sealed class SessionAffinity(INetTcpSessionSink sink, ILogger logger)
{
    private BoundSession? _bound;

    // The deadline of the send on the bound framing session now: sends take turns (each after the turn before it is
    // released), so one source serves them all, reset after each (no source and timer made per message).
    private CancellationTokenSource? _sendDeadline;

    /// <summary>The backend session this client session is bound to; null before its first message on a route with affinity.</summary>
    public BoundSession? Bound => Volatile.Read(ref _bound);

    /// <summary>
    /// Sends <paramref name="message"/> (the message of <paramref name="turn"/>) on the bound backend session, opening it on
    /// <paramref name="client"/> first when none is bound yet. Returns None once it is written; a failed open's error
    /// (nothing was sent: the forwarder may try another destination); SessionLimit (the sink is told the client session
    /// must be refused); or a reset (the backend session's end faults the client's session).
    /// </summary>
    public async ValueTask<ForwardError> SendAsync(
        NetTcpDestinationClient client, ClusterState cluster, DestinationState destination, Message message, SessionTurn turn, TimeSpan timeout)
    {
        ArgumentNullException.ThrowIfNull(message);
        var (bound, error) = await BindAsync(client, cluster, destination, turn).ConfigureAwait(false);
        if (bound is null)
        {
            return error;
        }

        try
        {
            await turn.Previous.ConfigureAwait(false);
            if (bound.Channel is NetTcpFramedSession framed)
            {
                try
                {
                    await framed.SendAsync(message, StartSendDeadline(timeout)).ConfigureAwait(false);
                }
                finally
                {
                    EndSendDeadline();
                }
            }
            else
            {
                await ((NetTcpSessionChannel)bound.Channel).SendAsync(message, messageId: null, timeout).ConfigureAwait(false);
            }

            return ForwardError.None;
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex) || ex is OperationCanceledException)
        {
            // The backend session is gone (its end faults the client's session), or could not take the message in time.
            return ForwardError.ResetAfterSend;
        }
        finally
        {
            turn.Release();
        }
    }

    /// <summary>
    /// Sends the <paramref name="count"/> bytes of <paramref name="payload"/> at <paramref name="offset"/> (a session payload
    /// with room for the framing head before it) on the bound backend session, as <see cref="SendAsync"/> sends a message;
    /// null when the bound session is WCF's, which takes messages only (nothing was sent, the turn is still this message's).
    /// </summary>
    public async ValueTask<ForwardError?> SendFramedAsync(
        NetTcpDestinationClient client, ClusterState cluster, DestinationState destination, byte[] payload, int offset, int count, SessionTurn turn, TimeSpan timeout)
    {
        ArgumentNullException.ThrowIfNull(client);
        if (Bound is { Channel: not NetTcpFramedSession } || (Bound is null && !client.TakesFramed))
        {
            return null;
        }

        var (bound, error) = await BindAsync(client, cluster, destination, turn).ConfigureAwait(false);
        if (bound is null)
        {
            return error;
        }

        try
        {
            await turn.Previous.ConfigureAwait(false);
            try
            {
                await ((NetTcpFramedSession)bound.Channel).SendAsync(payload, offset, count, StartSendDeadline(timeout)).ConfigureAwait(false);
            }
            finally
            {
                EndSendDeadline();
            }

            return ForwardError.None;
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex) || ex is OperationCanceledException)
        {
            return ForwardError.ResetAfterSend;
        }
        finally
        {
            turn.Release();
        }
    }

    /// <summary>The bound backend session, opened on <paramref name="client"/> (and bound) first when there is none; null and why when it could not be.</summary>
    private async ValueTask<(BoundSession? Bound, ForwardError Error)> BindAsync(
        NetTcpDestinationClient client, ClusterState cluster, DestinationState destination, SessionTurn turn)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(turn);
        if (Bound is { } bound)
        {
            return (bound, ForwardError.None);
        }

        var (channel, error) = await client.OpenDedicatedAsync(sink).ConfigureAwait(false);
        if (channel is null)
        {
            if (error == ForwardError.SessionLimit)
            {
                sink.Refused(destination);
            }

            return (null, error);
        }

        bound = new BoundSession(turn.Route!, cluster, destination, channel);
        Volatile.Write(ref _bound, bound);
        NetTcpLog.SessionBound(logger, destination.Name);
        return (bound, ForwardError.None);
    }

    /// <summary>Closes the bound backend session, if any: gracefully (End after what is in flight) when the client ended its session, else at once.</summary>
    public async ValueTask CloseAsync(bool graceful)
    {
        if (Bound is not { } bound)
        {
            return;
        }

        if (graceful)
        {
            await bound.Channel.CloseAsync(bound.Cluster.RequestTimeout).ConfigureAwait(false);
        }
        else
        {
            bound.Channel.Dispose();
        }
    }

    /// <summary>The token of the send deadline, armed for <paramref name="timeout"/>; called in a turn, after the one before it.</summary>
    private CancellationToken StartSendDeadline(TimeSpan timeout)
    {
        var source = _sendDeadline ??= new CancellationTokenSource();
        source.CancelAfter(timeout);
        return source.Token;
    }

    /// <summary>Disarms the send deadline before the turn is released; one that fired (or cannot be reset) is replaced next time.</summary>
    private void EndSendDeadline()
    {
        if (_sendDeadline is { } source && !source.TryReset())
        {
            source.Dispose();
            _sendDeadline = null;
        }
    }
}
