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
    /// True when the session keeps the client's session dictionary itself (<see cref="Binary.SessionStrings"/>) and
    /// translates each payload into session-free msbin1 (<see cref="Binary.SessionTranslator"/>) before WCF's session-free
    /// encoder of <see cref="WireBinding.Sessionless"/> reads it, so the endpoint gets the message's bytes as well
    /// (<see cref="NetTcpRequest.Msbin1"/>) and can pass them on without WCF's reader or writer. False (the default): WCF's
    /// session encoder reads the payload, as a WCF service does.
    /// </summary>
    bool TranslatesSession => false;

    /// <summary>
    /// True (with <see cref="TranslatesSession"/>) when the endpoint reads a translated message's msbin1 itself
    /// (<see cref="NetTcpRequest.Msbin1"/>), so the session does not have WCF's encoder read it first:
    /// <see cref="NetTcpRequest.Buffer"/> reads it when a message is first made from it. A payload translated only in
    /// part is read by WCF's encoder as before. False (the default): every payload is read before it is handed over.
    /// </summary>
    bool ReadsTranslation => false;

    /// <summary>
    /// Called with the bytes the reader is about to read: each received payload (plain msbinsession1, session dictionary
    /// first), or its msbin1 translation when <see cref="TranslatesSession"/>. The endpoint may cut records out of it, in
    /// place, that the reader cannot read. Returns the new length (at most the length given); by default unchanged.
    /// </summary>
    int PrepareToRead(Span<byte> payload) => payload.Length;
}
