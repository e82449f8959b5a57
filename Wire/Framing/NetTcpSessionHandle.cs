using System.Security.Cryptography.X509Certificates;
using System.ServiceModel.Channels;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// One open session as its <see cref="INetTcpSessionEndpoint"/> holds it: messages the client did not ask for
/// (callbacks) go out on it in send order, and it can be ended from outside.
/// </summary>
public sealed class NetTcpSessionHandle
{
    private readonly SessionSender _sender;
    private readonly FramingConnection _connection;
    private volatile bool _clientEnded;

    internal NetTcpSessionHandle(SessionSender sender, FramingConnection connection, Uri via, CancellationToken closing)
    {
        _sender = sender;
        _connection = connection;
        Via = via;
        Closing = closing;
    }

    /// <summary>The Via of the session's preamble.</summary>
    public Uri Via { get; }

    /// <summary>Cancelled when the session can no longer send (see <see cref="NetTcpRequest.SessionClosing"/>).</summary>
    public CancellationToken Closing { get; }

    /// <summary>
    /// True once the client has sent End: it expects no more messages (a closing WCF client faults its close with a
    /// ProtocolException on any that still come), though the session can still send until it answers End.
    /// </summary>
    public bool ClientEnded => _clientEnded;

    /// <summary>
    /// Encodes and sends <paramref name="message"/> on the session, as <see cref="NetTcpRequest.SendAsync"/> does; a
    /// message sent counts as activity for the idle timeout.
    /// </summary>
    public ValueTask SendAsync(Message message, CancellationToken cancellationToken = default)
    {
        _connection.Clock.Touch();
        return _sender.SendAsync(message, cancellationToken);
    }

    /// <summary>
    /// Sends <paramref name="msbin1"/>, a message already encoded as session-free msbin1, on the session as
    /// <see cref="NetTcpRequest.SendEncodedAsync"/> does; a message sent counts as activity for the idle timeout.
    /// </summary>
    public ValueTask SendEncodedAsync(ReadOnlyMemory<byte> msbin1, CancellationToken cancellationToken = default)
    {
        _connection.Clock.Touch();
        return _sender.SendEncodedAsync(msbin1, cancellationToken);
    }

    /// <summary>Marks the client's End as read.</summary>
    internal void OnClientEnded() => _clientEnded = true;

    /// <summary>Ends the session at once: no End, the connection closes; the client sees its session fault.</summary>
    public void Abort() => _connection.Fail(fault: null);

    /// <summary>Ends the session with the framing fault <paramref name="fault"/> (one of <see cref="FramingFaults"/>), then closes.</summary>
    public void Refuse(string fault)
    {
        ArgumentException.ThrowIfNullOrEmpty(fault);
        _connection.Fail(fault);
    }
}
