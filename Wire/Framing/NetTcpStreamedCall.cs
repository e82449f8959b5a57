using System.Buffers;
using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The client side of one net.tcp streamed exchange over a connected stream: what a NetTcpBinding with
/// TransferMode.Streamed sends ([MC-NMF] singleton-unsized mode). The preamble names the Via and the msbin1 encoding and
/// must be answered with Preamble Ack; the request is written as one Unsized Envelope in chunks (<see cref="Request"/>,
/// ended by its CompleteAsync), and the reply is read as it arrives (<see cref="ReadReplyAsync"/>). The server's framing
/// Fault, an unexpected record or a close before the answer throw <see cref="IOException"/>. With a stream upgrade (TLS),
/// Preamble End and all that follows travel over the upgraded stream (<see cref="Connection"/>). The caller owns the
/// stream and closes it (or <see cref="Connection"/>, which then owns it) after the exchange.
/// </summary>
public sealed class NetTcpStreamedCall
{
    // A fault string is a short fixed text ([MC-NMF] 2.2.3.7); anything longer is not one.
    private const int MaxFaultLength = 1024;

    private readonly PipeReader _input;
    private readonly long _maxReplySize;

    private NetTcpStreamedCall(Stream connection, PipeReader input, PipeWriter output, long maxReplySize)
    {
        Connection = connection;
        _input = input;
        _maxReplySize = maxReplySize;
        Request = new UnsizedEnvelopeWriteStream(output);
    }

    /// <summary>The request's envelope: each write one chunk; its CompleteAsync ends the envelope and sends End.</summary>
    public UnsizedEnvelopeWriteStream Request { get; }

    /// <summary>The stream the exchange runs over: the one given, or the upgraded stream, which owns it (dispose that one then).</summary>
    public Stream Connection { get; }

    /// <summary>
    /// Sends the singleton-unsized preamble for <paramref name="via"/> on <paramref name="connection"/> and reads the
    /// server's Preamble Ack; a reply read later may be at most <paramref name="maxReplySize"/> bytes. With
    /// <paramref name="upgrade"/>, the preamble asks for it, and its handshake runs between the server's Upgrade Response
    /// and Preamble End (a refused handshake throws what the upgrade throws; the upgraded stream is then disposed).
    /// </summary>
    public static async Task<NetTcpStreamedCall> OpenAsync(
        Stream connection, Uri via, long maxReplySize, INetTcpClientUpgrade? upgrade, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(connection);
        ArgumentNullException.ThrowIfNull(via);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxReplySize);
        var input = PipeReader.Create(connection, new StreamPipeReaderOptions(leaveOpen: true));
        var output = PipeWriter.Create(connection, new StreamPipeWriterOptions(leaveOpen: true));
        FramingRecordWriter.WriteSingletonPreamble(output, via, upgrade?.Protocol);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
        var stream = connection;
        if (upgrade is not null)
        {
            stream = await UpgradeAsync(connection, input, upgrade, cancellationToken).ConfigureAwait(false);
            input = PipeReader.Create(stream, new StreamPipeReaderOptions(leaveOpen: true));
            output = PipeWriter.Create(stream, new StreamPipeWriterOptions(leaveOpen: true));
        }

        try
        {
            if (upgrade is not null)
            {
                FramingRecordWriter.WritePreambleEnd(output);
                await output.FlushAsync(cancellationToken).ConfigureAwait(false);
            }

            var answer = await ReadRecordTypeAsync(input, "the preamble ack", cancellationToken).ConfigureAwait(false);
            if (answer != (byte)FramingRecordType.PreambleAck)
            {
                throw await UnexpectedAsync(input, answer, "the preamble", cancellationToken).ConfigureAwait(false);
            }

            return new NetTcpStreamedCall(stream, input, output, maxReplySize);
        }
        catch when (!ReferenceEquals(stream, connection))
        {
            await stream.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Reads the head of the reply (call after the request was completed): its envelope as a stream of its chunks, or null
    /// when the server answered End alone (how a one-way message is acknowledged).
    /// </summary>
    public async Task<UnsizedEnvelopeReadStream?> ReadReplyAsync(CancellationToken cancellationToken)
    {
        var type = await ReadRecordTypeAsync(_input, "the reply", cancellationToken).ConfigureAwait(false);
        return type switch
        {
            (byte)FramingRecordType.UnsizedEnvelope => new UnsizedEnvelopeReadStream(_input, _maxReplySize),
            (byte)FramingRecordType.End => null,
            _ => throw await UnexpectedAsync(_input, type, "the request", cancellationToken).ConfigureAwait(false),
        };
    }

    /// <summary>
    /// Reads the server's Upgrade Response from <paramref name="input"/> (its fault, or anything else, throws), then runs
    /// <paramref name="upgrade"/> on <paramref name="connection"/>: the upgraded stream.
    /// </summary>
    private static async Task<Stream> UpgradeAsync(Stream connection, PipeReader input, INetTcpClientUpgrade upgrade, CancellationToken cancellationToken)
    {
        var answer = await ReadRecordTypeAsync(input, "the upgrade response", cancellationToken).ConfigureAwait(false);
        if (answer != (byte)FramingRecordType.UpgradeResponse)
        {
            throw await UnexpectedAsync(input, answer, $"the {upgrade.Protocol} upgrade request", cancellationToken).ConfigureAwait(false);
        }

        // The server waits for the handshake's first bytes: anything read past its Upgrade Response would be lost.
        if (input.TryRead(out var pending))
        {
            var early = !pending.Buffer.IsEmpty;
            input.AdvanceTo(pending.Buffer.Start);
            if (early)
            {
                throw new IOException("The server sent data after its Upgrade Response, before the upgrade's handshake.");
            }
        }

        return await upgrade.UpgradeAsync(connection, cancellationToken).ConfigureAwait(false);
    }

    private static async ValueTask<byte> ReadRecordTypeAsync(PipeReader input, string what, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (!result.Buffer.IsEmpty)
            {
                var type = result.Buffer.FirstSpan[0];
                input.AdvanceTo(result.Buffer.GetPosition(1));
                return type;
            }

            input.AdvanceTo(result.Buffer.Start);
            if (result.IsCompleted || result.IsCanceled)
            {
                throw new IOException($"The server closed the connection before {what}.");
            }
        }
    }

    /// <summary>The exception for record <paramref name="type"/> where another was due: the server's fault, named, when it is one.</summary>
    private static async ValueTask<IOException> UnexpectedAsync(PipeReader input, byte type, string answering, CancellationToken cancellationToken)
    {
        if (type != (byte)FramingRecordType.Fault)
        {
            return new IOException($"The server answered {answering} with record 0x{type:X2}, not a net.tcp streamed answer.");
        }

        while (true)
        {
            var result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            var reader = new SequenceReader<byte>(result.Buffer);
            var status = FramingString.TryRead(ref reader, MaxFaultLength, out var fault);
            input.AdvanceTo(status == FramingStringStatus.NeedMoreData ? result.Buffer.Start : reader.Position, result.Buffer.End);
            if (status == FramingStringStatus.Done)
            {
                return new IOException($"The server answered {answering} with the framing fault {fault}.");
            }

            if (status != FramingStringStatus.NeedMoreData || result.IsCompleted)
            {
                return new IOException($"The server answered {answering} with a framing fault that could not be read.");
            }
        }
    }
}
