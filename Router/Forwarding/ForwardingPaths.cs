using SoapRouter.LoadBalancing;
using SoapRouter.Telemetry;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Forwarding;

/// <summary>
/// The one rule for the path a message takes from a listener to a destination: verbatim only between HTTP hops of one
/// binding (a session's bytes mean something on their own connection only), re-encoded otherwise; the net.tcp sender
/// may still send a message's session-free bytes as they are, and says so per attempt (MessageContext.SentPath). The pipeline asks it
/// before forwarding (<see cref="Pipeline.ForwardTarget"/>: buffer the message for re-encoding?), the senders per attempt, the
/// counters and spans after.
/// </summary>
internal static class ForwardingPaths
{
    /// <summary>The path from a listener of <paramref name="listener"/> to a destination of <paramref name="destination"/>.</summary>
    public static ForwardingPath Between(WireBinding listener, WireBinding destination) =>
        ReferenceEquals(destination, listener) && !destination.IsSession ? ForwardingPath.Verbatim : ForwardingPath.Reencoded;

    /// <summary>
    /// The path from a listener of <paramref name="listener"/> to <paramref name="destination"/>, in the binding of the
    /// messages it takes (a streamed netTcp destination's are msbin1 without a session: only streamed routes reach it).
    /// </summary>
    public static ForwardingPath Between(WireBinding listener, DestinationState destination) => Between(listener, destination.StreamedMessageBinding);

    /// <summary>
    /// True when some destination of <paramref name="cluster"/>, backups included, is reached from a listener of
    /// <paramref name="listener"/> by WCF's re-encoding: re-encoded, and not a pair the transcoders take
    /// (<see cref="Transcoding.TextMsbin1Transcoding.Pairs"/>).
    /// </summary>
    public static bool AnyReencodedByWcf(ClusterState cluster, WireBinding listener)
    {
        foreach (var destination in cluster.Primaries)
        {
            if (ReencodedByWcf(listener, destination))
            {
                return true;
            }
        }

        foreach (var destination in cluster.Backups)
        {
            if (ReencodedByWcf(listener, destination))
            {
                return true;
            }
        }

        return false;
    }

    private static bool ReencodedByWcf(WireBinding listener, DestinationState destination) =>
        Between(listener, destination) == ForwardingPath.Reencoded && !Transcoding.TextMsbin1Transcoding.Pairs(listener, destination.Binding);

    /// <summary>The path's name on spans (<c>soaprouter.path</c>).</summary>
    public static string TagOf(ForwardingPath path) => path == ForwardingPath.Verbatim ? "verbatim" : "reencoded";
}
