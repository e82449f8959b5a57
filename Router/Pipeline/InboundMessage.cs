using System.ServiceModel.Channels;

namespace SoapRouter.Pipeline;

/// <summary>
/// One message's bytes as a listener received them (the received part of its <see cref="MessageContext"/>): the encoded
/// bytes in a buffer the listener owns (and returns to its pool after the pipeline is done), and the transport's headers
/// and client identity that travel with it. A session listener (net.tcp), whose
/// bytes only its connection's decoder can read, hands in the decoded message instead (<see cref="Decoded"/>).
/// </summary>
internal sealed class InboundMessage
{
    /// <summary>The buffer holding the message in its first <see cref="Length"/> bytes; empty when <see cref="Decoded"/> is set.</summary>
    public required byte[] Buffer { get; init; }

    /// <summary>The message's length in bytes.</summary>
    public required int Length { get; init; }

    /// <summary>The Content-Type the message came with.</summary>
    public required string ContentType { get; init; }

    /// <summary>The SOAPAction header as received (quotes included); null when absent.</summary>
    public string? SoapActionHeader { get; init; }

    /// <summary>The W3C traceparent header, passed on so traces continue without a SOAP header; null when absent.</summary>
    public string? TraceParent { get; init; }

    /// <summary>The W3C tracestate header; null when absent.</summary>
    public string? TraceState { get; init; }

    /// <summary>The certificate the client presented in its TLS handshake (HTTPS, or net.tcp's TLS upgrade); null when none.</summary>
    public System.Security.Cryptography.X509Certificates.X509Certificate2? ClientCertificate { get; init; }

    /// <summary>Fires when the client goes away.</summary>
    public CancellationToken Aborted { get; init; }

    /// <summary>The message as a session's decoder read it, buffered before any header was touched; null for HTTP listeners.</summary>
    public MessageBuffer? Decoded { get; init; }

    /// <summary>
    /// The session's message as session-free msbin1, the bytes <see cref="Decoded"/> was read from (the listener keeps the
    /// client's session dictionary and translated them): what a net.tcp destination's own session sends on without WCF's
    /// reader or writer. Null for HTTP listeners.
    /// </summary>
    public ArraySegment<byte>? Msbin1 { get; init; }

    /// <summary>The message's place in its net.tcp client session (which may be bound to a backend session); null for HTTP listeners.</summary>
    public Forwarding.NetTcp.SessionTurn? Turn { get; init; }

    /// <summary>
    /// A streamed listener's request: its header section, the rest of its body still with the client. <see cref="Buffer"/>
    /// then holds the header section closed into an envelope with an empty Body, which is all routing reads. Null for
    /// buffered messages.
    /// </summary>
    public Streaming.StreamedRequest? Streamed { get; init; }

    /// <summary>The bytes received from the client so far: <see cref="Length"/>, or what a streamed request has read.</summary>
    public long ReceivedLength => Streamed?.BytesRead ?? Length;

    /// <summary>The message's bytes.</summary>
    public ArraySegment<byte> Bytes => new(Buffer, 0, Length);
}
