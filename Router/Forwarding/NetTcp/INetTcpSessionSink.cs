using System.ServiceModel.Channels;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>Where a backend session with affinity delivers what its destination sends (replies and callbacks), in order.</summary>
internal interface INetTcpSessionSink
{
    /// <summary>One message from the destination, owned by the sink from now on; the next is read once this completes.</summary>
    ValueTask DeliverAsync(Message message);

    /// <summary>
    /// One message from the destination as a framing session of the router's own read it (session-free msbin1 of the
    /// destination's binding), owned by the sink from now on; the next is delivered once this completes.
    /// </summary>
    ValueTask DeliverAsync(FramedReply message);

    /// <summary>The backend session is over (closed by either side, or broken); called once.</summary>
    void Ended();

    /// <summary>No backend session could be opened for the client session: <paramref name="destination"/> has as many as it may (refuse it, ServerTooBusy).</summary>
    void Refused(LoadBalancing.DestinationState destination);
}
