namespace SoapRouter.Wire.Framing;

/// <summary>What a net.tcp session hands its messages to: the endpoint its preamble's Via resolved to.</summary>
public interface INetTcpEndpoint
{
    /// <summary>
    /// One call per received message, in arrival order; calls may overlap (the session does not wait for one before
    /// reading the next, up to <see cref="NetTcpSessionLimits.MaxPendingMessages"/>). The handler must dispose the
    /// request (that closes its buffer). The call is made on the session's read loop: work done before the first await
    /// holds up reading, so a handler with much synchronous work should yield first. The message counts as in flight
    /// until the returned task completes.
    /// </summary>
    ValueTask HandleAsync(NetTcpRequest request);
}
