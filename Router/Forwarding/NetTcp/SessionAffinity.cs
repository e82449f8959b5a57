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
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(turn);
        var bound = Bound;
        if (bound is null)
        {
            var (channel, error) = await client.OpenDedicatedAsync(sink).ConfigureAwait(false);
            if (channel is null)
            {
                if (error == ForwardError.SessionLimit)
                {
                    sink.Refused(destination);
                }

                return error;
            }

            bound = new BoundSession(turn.Route!, cluster, destination, channel);
            Volatile.Write(ref _bound, bound);
            NetTcpLog.SessionBound(logger, destination.Name);
        }

        try
        {
            await turn.Previous.ConfigureAwait(false);
            await bound.Channel.SendAsync(message, messageId: null, timeout).ConfigureAwait(false);
            return ForwardError.None;
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionFailure(ex))
        {
            // The backend session is gone (its end faults the client's session): nothing more goes to it.
            return ForwardError.ResetAfterSend;
        }
        finally
        {
            turn.Release();
        }
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
}
