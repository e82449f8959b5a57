using SoapRouter.Wire.Bindings;

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

    /// <summary>
    /// The binding whose session encoders read and write this endpoint's messages (its SOAP and WS-Addressing versions):
    /// netTcp with WS-Addressing 1.0 unless the endpoint speaks a variant (August 2004).
    /// </summary>
    WireBinding Binding => WireBindings.NetTcp;

    /// <summary>
    /// Called with each received payload (plain msbinsession1, session dictionary first) before the session's reader
    /// reads it: the endpoint may cut records out of it, in place, that the reader cannot read. Returns the payload's
    /// new length (at most its length); by default the payload as received.
    /// </summary>
    int PrepareToRead(Span<byte> payload) => payload.Length;
}
