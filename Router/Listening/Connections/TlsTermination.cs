using System.Security.Cryptography.X509Certificates;
using System.Text;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Tls;
using SoapRouter.Wire.Errors;
using SoapRouter.Wire.Tls;

namespace SoapRouter.Listening.Connections;

/// <summary>
/// TLS on an https listener endpoint: a connection middleware that runs the handshake (<see cref="TlsServerHandshake"/>,
/// bounded by tls.handshakeTimeout), then hands Kestrel's HTTP server the decrypted stream with the client's certificate
/// as the connection's TLS feature. A failed handshake is counted by reason and the connection closed; a plain-HTTP
/// request on the port gets a 400 that says to use https, as nginx answers it. Every other connection goes on being served.
/// </summary>
internal static class TlsTermination
{
    private static readonly byte[] PlainHttpAnswer = Encoding.ASCII.GetBytes(
        "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nContent-Length: 51\r\n\r\n"
        + "This port speaks HTTPS: send the request to https.\n");

    /// <summary>The middleware for an endpoint with <paramref name="tls"/>.</summary>
    public static Func<ConnectionDelegate, ConnectionDelegate> Middleware(ListenerTls tls)
    {
        ArgumentNullException.ThrowIfNull(tls);
        return next => connection => TerminateAsync(connection, tls, next);
    }

    private static async Task TerminateAsync(ConnectionContext connection, ListenerTls tls, ConnectionDelegate next)
    {
        // The handshake's public-key work must not hold up the socket event thread other connections share (inline I/O).
        await Hosting.IoScheduling.LeaveEventThreadAsync().ConfigureAwait(false);
        var plain = connection.Transport;
        // Bounded by the handshake timeout alone: the connection's own ConnectionClosed token races the transport's
        // end of input when a client closes, and would turn a client's close into "cancelled". A server that stops
        // aborts the transport, which ends the handshake too.
        var result = await TlsServerHandshake.AcceptAsync(plain, tls.Options, CancellationToken.None).ConfigureAwait(false);
        await using (result.ConfigureAwait(false))
        {
            tls.Observe(result);
            if (!result.Succeeded)
            {
                if (result.Failure == TlsHandshakeFailure.PlainHttp)
                {
                    await AnswerPlainHttpAsync(plain).ConfigureAwait(false);
                }

                return;
            }

            connection.Features.Set<ITlsConnectionFeature>(new TlsConnectionFeature(result.ClientCertificate));
            connection.Transport = result.Transport!;
            try
            {
                await next(connection).ConfigureAwait(false);
            }
            finally
            {
                connection.Transport = plain;
            }
        }
    }

    private static async Task AnswerPlainHttpAsync(System.IO.Pipelines.IDuplexPipe plain)
    {
        try
        {
            await plain.Output.WriteAsync(PlainHttpAnswer).ConfigureAwait(false);
            await plain.Output.CompleteAsync().ConfigureAwait(false);
        }
        catch (Exception ex) when (ErrorClassifier.IsConnectionClosed(ex))
        {
            // The client is gone already; nothing to tell it.
        }
    }

    /// <summary>The client certificate of a terminated connection, where ASP.NET Core (HttpContext.Connection) looks for it.</summary>
    private sealed class TlsConnectionFeature(X509Certificate2? certificate) : ITlsConnectionFeature
    {
        public X509Certificate2? ClientCertificate { get; set; } = certificate;

        public Task<X509Certificate2?> GetClientCertificateAsync(CancellationToken cancellationToken) => Task.FromResult(ClientCertificate);
    }
}
