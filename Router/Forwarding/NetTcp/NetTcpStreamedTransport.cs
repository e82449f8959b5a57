using System.Net.Sockets;
using SoapRouter.Forwarding.Http;
using SoapRouter.LoadBalancing;
using SoapRouter.Streaming;
using SoapRouter.Wire.Framing;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// Sends streamed messages to net.tcp destinations with TransferMode.Streamed, as a stock NetTcpBinding client does: a
/// connection of its own for each message, the singleton-unsized preamble (msbin1), the message written as chunks of one
/// envelope while it arrives (<see cref="NetTcpStreamedCall"/>), and the reply handed back once its first record is read,
/// its envelope still on the wire. No connection is pooled: the connection closes with the reply. A destination with a
/// tls section is asked for the <c>application/ssl-tls</c> upgrade in the preamble and reached over TLS, its certificate
/// checked by <see cref="Tls.DestinationTls"/> as a buffered TLS destination's is. Opening (connect, upgrade handshake,
/// Preamble Ack) has the cluster's connect timeout. A refusal before any of the message's bytes went out (a refused or
/// timed-out connect, a certificate the destination's trust refuses, the server's framing fault to the preamble) leaves
/// the message free to go to another destination.
/// </summary>
internal static class NetTcpStreamedTransport
{
    /// <summary>
    /// Sends <paramref name="content"/> to <paramref name="destination"/> once, over TLS when <paramref name="tls"/> is
    /// given; replies may be up to <paramref name="maxReplySize"/> bytes. Returns the open reply (dispose it) or the error
    /// as a value.
    /// </summary>
    public static async ValueTask<AttemptResult<StreamedReply>> SendAsync(
        DestinationState destination, Tls.DestinationTls? tls, TimeSpan connectTimeout, StreamedContent content, long maxReplySize, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(content);
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        Stream? connection = null;
        try
        {
            NetTcpStreamedCall call;
            using (var connect = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
            {
                connect.CancelAfter(connectTimeout);
                try
                {
                    await socket.ConnectAsync(destination.Address.Host, destination.Address.Port, connect.Token).ConfigureAwait(false);
                    connection = new NetworkStream(socket, ownsSocket: true);
                    call = await NetTcpStreamedCall.OpenAsync(connection, destination.Address, maxReplySize, tls?.StreamUpgrade, connect.Token).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    socket.Dispose();
                    return AttemptResult<StreamedReply>.Failed(ForwardError.ConnectTimeout);
                }
            }

            // Over TLS the exchange runs on the TLS stream, which owns the socket's.
            connection = call.Connection;

            // WCF's writers write in small pieces: gathered into chunks of the size the HTTP paths copy with.
            var chunks = new BufferedStream(call.Request, StreamedExchange.ChunkSize);
            await content.CopyToAsync(chunks, cancellationToken).ConfigureAwait(false);
            await chunks.FlushAsync(cancellationToken).ConfigureAwait(false);
            await call.Request.CompleteAsync(cancellationToken).ConfigureAwait(false);
            var envelope = await call.ReadReplyAsync(cancellationToken).ConfigureAwait(false);
            var reply = envelope is null
                ? new StreamedReply(StatusCodes.Status202Accepted, contentType: null, contentLength: 0, _ => Task.FromResult(Stream.Null), connection)
                : new StreamedReply(StatusCodes.Status200OK, SoapMediaTypes.Msbin1, contentLength: null, _ => Task.FromResult<Stream>(envelope), connection);
            connection = null;
            return AttemptResult<StreamedReply>.Success(reply);
        }
        catch (Exception exception) when (HttpVerbatimTransport.TryClassify(
            exception is HttpRequestException { InnerException: { } inner } ? inner : exception, content.SerializationStarted, cancellationToken, out var error))
        {
            return AttemptResult<StreamedReply>.Failed(error);
        }
        finally
        {
            if (connection is not null)
            {
                await connection.DisposeAsync().ConfigureAwait(false);
            }
            else if (!socket.Connected)
            {
                socket.Dispose();
            }
        }
    }
}
