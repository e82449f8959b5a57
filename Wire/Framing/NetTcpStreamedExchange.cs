using System.Security.Cryptography.X509Certificates;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// One singleton-unsized exchange on a net.tcp connection: the client's envelope as a stream of its chunks, and the reply
/// written back the same way. The connection carries another exchange only when the request was read to its End and the
/// reply completed; <see cref="Abort"/> cuts it (the client sees its connection reset: a CommunicationException).
/// </summary>
public sealed class NetTcpStreamedExchange
{
    private readonly CancellationTokenSource _aborted;
    private readonly Action _wakeReader;

    internal NetTcpStreamedExchange(
        Uri via, UnsizedEnvelopeReadStream request, UnsizedEnvelopeWriteStream reply, X509Certificate2? clientCertificate, CancellationTokenSource aborted, Action wakeReader)
    {
        _wakeReader = wakeReader;
        Via = via;
        Request = request;
        Reply = reply;
        ClientCertificate = clientCertificate;
        _aborted = aborted;
    }

    /// <summary>The Via of the preamble.</summary>
    public Uri Via { get; }

    /// <summary>The request's envelope bytes, as they arrive.</summary>
    public UnsizedEnvelopeReadStream Request { get; }

    /// <summary>The reply's envelope: each write one chunk; <see cref="UnsizedEnvelopeWriteStream.CompleteAsync"/> ends it.</summary>
    public UnsizedEnvelopeWriteStream Reply { get; }

    /// <summary>The client's certificate from the connection's TLS upgrade; null on a plain connection.</summary>
    public X509Certificate2? ClientCertificate { get; }

    /// <summary>Cancelled when the connection is cut or the server stops.</summary>
    public CancellationToken Aborted => _aborted.Token;

    /// <summary>True once <see cref="Abort"/> was called.</summary>
    public bool IsAborted { get; private set; }

    /// <summary>Cuts the connection after this exchange: a read of the request in progress ends (OperationCanceledException), nothing more is read or written.</summary>
    public void Abort()
    {
        IsAborted = true;
        _aborted.Cancel();
        _wakeReader();
    }
}
