using System.Security.Cryptography.X509Certificates;
using System.ServiceModel.Channels;

namespace SoapRouter.Wire.Framing;

/// <summary>One message received on a net.tcp session, with the way to answer on the same session.</summary>
public sealed class NetTcpRequest : IDisposable
{
    private readonly SessionSender _sender;
    private MessageBuffer? _buffer;

    internal NetTcpRequest(MessageBuffer buffer, Uri via, int encodedLength, SessionSender sender, CancellationToken sessionClosing, X509Certificate2? clientCertificate = null)
    {
        ClientCertificate = clientCertificate;
        _buffer = buffer;
        Via = via;
        EncodedLength = encodedLength;
        SessionClosing = sessionClosing;
        _sender = sender;
    }

    /// <summary>
    /// A buffered copy of the message as the session encoder read it, taken before anything touched a header. It owns
    /// the pooled payload; <see cref="Dispose"/> closes it (close every message made from it, and their readers, first).
    /// </summary>
    public MessageBuffer Buffer => _buffer ?? throw new ObjectDisposedException(nameof(NetTcpRequest));

    /// <summary>The Via of the session's preamble.</summary>
    public Uri Via { get; }

    /// <summary>
    /// The certificate the client proved it holds in the connection's stream upgrade (TLS), accepted by the upgrade's
    /// policy; null without an upgrade or when the client presented none. Valid while the request is being handled.
    /// </summary>
    public X509Certificate2? ClientCertificate { get; }

    /// <summary>
    /// The message as session-free msbin1 (static dictionary references only), when the session translates its client's
    /// dictionary (<see cref="INetTcpEndpoint.TranslatesSession"/>): the bytes <see cref="Buffer"/> was read from, valid
    /// until it is disposed (the request owns them); null otherwise.
    /// </summary>
    public ArraySegment<byte>? Msbin1 { get; init; }

    /// <summary>Bytes of the Sized Envelope's payload (the session dictionary additions and the binary XML).</summary>
    public int EncodedLength { get; }

    /// <summary>
    /// Cancelled when the session can no longer answer: the peer vanished, the framing broke, or the server is
    /// stopping. A client's End does not cancel it (the session waits for messages in flight before answering End).
    /// </summary>
    public CancellationToken SessionClosing { get; }

    /// <summary>
    /// Encodes <paramref name="reply"/> with the session's writer encoder and sends it as one Sized Envelope; replies go
    /// out in the order their sends take the session's write lock, so the session dictionary stays in step. Throws
    /// <see cref="System.ServiceModel.CommunicationObjectAbortedException"/> when the session is gone or has ended,
    /// what the encoder throws when <paramref name="reply"/> cannot be encoded (QuotaExceededException over
    /// <see cref="NetTcpSessionLimits.MaxSentMessageSize"/>; nothing is sent and the session goes on), and
    /// OperationCanceledException when <paramref name="cancellationToken"/> ends the wait for the lock.
    /// </summary>
    public ValueTask SendAsync(Message reply, CancellationToken cancellationToken = default) => _sender.SendAsync(reply, cancellationToken);

    /// <summary>
    /// Sends <paramref name="msbin1"/>, a message already encoded as session-free msbin1, as one Sized Envelope that adds
    /// nothing to the session dictionary, in send order with <see cref="SendAsync"/>'s messages; fails as it does.
    /// </summary>
    public ValueTask SendEncodedAsync(ReadOnlyMemory<byte> msbin1, CancellationToken cancellationToken = default) =>
        _sender.SendEncodedAsync(msbin1, cancellationToken);

    /// <summary>The array <see cref="Msbin1"/> lives in and the pool it goes back to once <see cref="Buffer"/> is closed; null when the buffer owns its bytes.</summary>
    internal (byte[] Array, Encoding.ArrayPoolBufferManager Pool)? Owned { get; init; }

    /// <summary>Closes <see cref="Buffer"/>, then returns the bytes it read from when the request owns them; idempotent.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _buffer, null) is { } buffer)
        {
            buffer.Close();
            if (Owned is { } owned)
            {
                owned.Pool.ReturnBuffer(owned.Array);
            }
        }
    }
}
