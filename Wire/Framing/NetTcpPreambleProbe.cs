using System.Buffers;
using System.Net.Sockets;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// A health probe at the framing layer of a net.tcp endpoint: a duplex preamble for the endpoint's Via, and the
/// answer judged. A Preamble Ack (then End both ways) passes: the port speaks [MC-NMF] and the Via has a service that
/// takes this encoding. For a TLS endpoint the preamble asks for the upgrade, and the Upgrade Response passes (no
/// handshake: the framing layer answered for the Via). A Fault record, a close or anything else fails, said in a few words.
/// </summary>
public static class NetTcpPreambleProbe
{
    /// <summary>
    /// Probes <paramref name="via"/> (its host and port); <paramref name="contentType"/> null for the binary session
    /// encoding, else an Extensible Encoding (WCF's compressed session); <paramref name="upgradeProtocol"/> for an
    /// endpoint that requires an upgrade (<c>application/ssl-tls</c>). Null when the probe passed, else why not.
    /// </summary>
    public static async Task<string?> ProbeAsync(Uri via, string? contentType, string? upgradeProtocol, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(via);
        using var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(via.Host, via.Port, cancellationToken).ConfigureAwait(false);
        var preamble = new ArrayBufferWriter<byte>(256);
        FramingRecordWriter.WriteDuplexPreamble(preamble, via, contentType, upgradeProtocol);
        await socket.SendAsync(preamble.WrittenMemory, SocketFlags.None, cancellationToken).ConfigureAwait(false);

        var answer = await ReadRecordTypeAsync(socket, cancellationToken).ConfigureAwait(false);
        switch (answer)
        {
            case (byte)FramingRecordType.PreambleAck when upgradeProtocol is null:
                await socket.SendAsync(new byte[] { (byte)FramingRecordType.End }, SocketFlags.None, cancellationToken).ConfigureAwait(false);

                // The server answers End with End; a close at that point is as good (the session is over either way).
                var end = await ReadRecordTypeAsync(socket, cancellationToken).ConfigureAwait(false);
                return end is -1 or (byte)FramingRecordType.End ? null : $"record 0x{end:X2} after End";
            case (byte)FramingRecordType.UpgradeResponse when upgradeProtocol is not null:
                return null;
            case (byte)FramingRecordType.Fault:
                return "framing fault " + await ReadFaultNameAsync(socket, cancellationToken).ConfigureAwait(false);
            case -1:
                return "closed without a Preamble Ack";
            default:
                return $"record 0x{answer:X2} instead of a {(upgradeProtocol is null ? "Preamble Ack" : "Upgrade Response")}";
        }
    }

    /// <summary>The next octet, or -1 when the peer closed (or reset) first.</summary>
    private static async Task<int> ReadRecordTypeAsync(Socket socket, CancellationToken cancellationToken)
    {
        var one = new byte[1];
        try
        {
            return await socket.ReceiveAsync(one, SocketFlags.None, cancellationToken).ConfigureAwait(false) == 0 ? -1 : one[0];
        }
        catch (SocketException)
        {
            return -1;
        }
    }

    /// <summary>A Fault record's URI after its type octet, shortened to the fault's name (EndpointNotFound, ...).</summary>
    private static async Task<string> ReadFaultNameAsync(Socket socket, CancellationToken cancellationToken)
    {
        var buffer = new byte[MultiByteInt31.MaxLength + 1024];
        var received = 0;
        while (received < buffer.Length)
        {
            var read = await socket.ReceiveAsync(buffer.AsMemory(received), SocketFlags.None, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                break;
            }

            received += read;
            var reader = new SequenceReader<byte>(new ReadOnlySequence<byte>(buffer, 0, received));
            if (MultiByteInt31.TryRead(ref reader, out var length) == OperationStatus.Done && reader.Remaining >= length)
            {
                var fault = System.Text.Encoding.UTF8.GetString(buffer, (int)reader.Consumed, length);
                return fault.StartsWith(FramingFaults.Namespace, StringComparison.Ordinal) ? fault[FramingFaults.Namespace.Length..] : fault;
            }
        }

        return "(unreadable)";
    }
}
