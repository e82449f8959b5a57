using System.Net.Security;
using System.Net.Sockets;
using SoapRouter.Fuzz.Generation;

namespace SoapRouter.Fuzz.Targets;

/// <summary>
/// Sends a net.tcp input on a new connection and reads until the router closes: the answer must be [MC-NMF] records a
/// server sends (Preamble Ack, Upgrade Response, Sized Envelopes, End, a Fault) or nothing. An input that ends with an
/// End record is given a second to be answered and closed as a WCF client's session would be; any other (or one
/// still open then) has our side ended, and the router must close within the hang limit after that: an input cut
/// mid-record included. For the TLS target an Upgrade Response is followed by a handshake and the tunnelled part.
/// </summary>
internal sealed class NetTcpSender
{
    private const byte EndRecord = 0x07;

    // How long an input ending in End is left to be answered and closed by the router before our side ends: a session
    // whose End was really inside a record that lies about its size waits for more bytes, rightly, until then.
    private static readonly TimeSpan EndPatience = TimeSpan.FromSeconds(1);
    private readonly TimeSpan _hang;

    /// <summary>A sender calling a connection still open <paramref name="hang"/> after our end a hang.</summary>
    public NetTcpSender(TimeSpan hang) => _hang = hang;

    /// <summary>Sends <paramref name="input"/> to <paramref name="via"/>'s host and port.</summary>
    public async Task<Answer> SendAsync(Uri via, FuzzInput input)
    {
        using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        var answer = new MemoryStream();
        try
        {
            using (var connect = new CancellationTokenSource(_hang))
            {
                await socket.ConnectAsync(via.Host, via.Port, connect.Token).ConfigureAwait(false);
            }

            await using var network = new NetworkStream(socket, ownsSocket: false);
            await network.WriteAsync(input.Body).ConfigureAwait(false);
            if (input.Tunnelled is not { } tunnelled)
            {
                return await ReadToCloseAsync(network, input.Body, () => EndOurSide(socket), answer).ConfigureAwait(false);
            }

            var first = new byte[1];
            using (var upgrade = new CancellationTokenSource(_hang))
            {
                if (await network.ReadAsync(first, upgrade.Token).ConfigureAwait(false) == 0)
                {
                    return new Answer(AnswerKind.FramingFaultOrClose, "closed before the upgrade");
                }
            }

            answer.WriteByte(first[0]);
            if (first[0] != 0x0A)
            {
                return await ReadToCloseAsync(network, [], () => EndOurSide(socket), answer).ConfigureAwait(false);
            }

            answer.SetLength(0);
            await using var tls = await HandshakeAsync(network).ConfigureAwait(false);
            await tls.WriteAsync(tunnelled).ConfigureAwait(false);
            return await ReadToCloseAsync(tls, tunnelled, async () =>
            {
                await tls.ShutdownAsync().ConfigureAwait(false);
                socket.Shutdown(SocketShutdown.Send);
            }, answer).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            return new Answer(AnswerKind.Hang, $"no upgrade answer or handshake in {_hang.TotalSeconds:0} s");
        }
        catch (Exception ex) when (ex is IOException or SocketException or System.Security.Authentication.AuthenticationException)
        {
            // A reset, before or after the answer: the router ended the connection.
            var so = FramingAnswer.Classify(answer.ToArray());
            return so.IsRightKind ? so with { Detail = "reset after " + so.Detail } : so;
        }
    }

    /// <summary>Reads to the router's close: first (for an input ending in End) without ending our side, then after ending it.</summary>
    private async Task<Answer> ReadToCloseAsync(Stream stream, byte[] sent, Func<Task> endOurSide, MemoryStream answer)
    {
        if (sent.Length > 0 && sent[^1] == EndRecord)
        {
            using var patience = new CancellationTokenSource(EndPatience);
            try
            {
                await ReadAnswerAsync(stream, answer, patience.Token).ConfigureAwait(false);
                return FramingAnswer.Classify(answer.ToArray());
            }
            catch (OperationCanceledException)
            {
                // The last octet was not an End record the router saw: end our side as for any other input.
            }
        }

        await endOurSide().ConfigureAwait(false);
        using var timeout = new CancellationTokenSource(_hang);
        try
        {
            await ReadAnswerAsync(stream, answer, timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            return new Answer(AnswerKind.Hang, $"open {_hang.TotalSeconds:0} s after our end ({FramingAnswer.Classify(answer.ToArray()).Detail})");
        }

        return FramingAnswer.Classify(answer.ToArray());
    }

    /// <summary>Reads until the router closes or has sent a whole framing Fault.</summary>
    private static async Task ReadAnswerAsync(Stream stream, MemoryStream answer, CancellationToken cancellationToken)
    {
        var buffer = new byte[16 * 1024];
        int read;
        while ((read = await stream.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            answer.Write(buffer, 0, read);
            if (FramingAnswer.HasFault(answer.GetBuffer().AsSpan(0, (int)answer.Length)))
            {
                return;
            }
        }
    }

    private static Task EndOurSide(Socket socket)
    {
        socket.Shutdown(SocketShutdown.Send);
        return Task.CompletedTask;
    }

    private async Task<SslStream> HandshakeAsync(NetworkStream network)
    {
        var tls = new SslStream(network, leaveInnerStreamOpen: true);
        using var timeout = new CancellationTokenSource(_hang);

        // A loopback fuzz run against the certificate scripts/fuzz.sh made for it: the certificate is not under test.
#pragma warning disable CA5359
        await tls.AuthenticateAsClientAsync(new SslClientAuthenticationOptions
        {
            TargetHost = "localhost",
            RemoteCertificateValidationCallback = static (_, _, _, _) => true,
        }, timeout.Token).ConfigureAwait(false);
#pragma warning restore CA5359
        return tls;
    }
}
