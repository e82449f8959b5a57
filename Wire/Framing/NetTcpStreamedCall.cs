using System.Buffers;
using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The client side of one net.tcp streamed exchange over a connected stream: what a NetTcpBinding with
/// TransferMode.Streamed sends ([MC-NMF] singleton-unsized mode). The preamble names the Via and the msbin1 encoding and
/// must be answered with Preamble Ack; the request is written as one Unsized Envelope in chunks (<see cref="Request"/>,
/// ended by its CompleteAsync), and the reply is read as it arrives (<see cref="ReadReplyAsync"/>). The server's framing
/// Fault, an unexpected record or a close before the answer throw <see cref="IOException"/>. The caller owns the stream
/// and closes it after the exchange.
/// </summary>
public sealed class NetTcpStreamedCall
{
    // A fault string is a short fixed text ([MC-NMF] 2.2.3.7); anything longer is not one.
    private const int MaxFaultLength = 1024;

    private readonly PipeReader _input;
    private readonly long _maxReplySize;

    private NetTcpStreamedCall(PipeReader input, PipeWriter output, long maxReplySize)
    {
        _input = input;
        _maxReplySize = maxReplySize;
        Request = new UnsizedEnvelopeWriteStream(output);
    }

    /// <summary>The request's envelope: each write one chunk; its CompleteAsync ends the envelope and sends End.</summary>
    public UnsizedEnvelopeWriteStream Request { get; }

    /// <summary>
    /// Sends the singleton-unsized preamble for <paramref name="via"/> on <paramref name="connection"/> and reads the
    /// server's Preamble Ack; a reply read later may be at most <paramref name="maxReplySize"/> bytes.
    /// </summary>
    public static async Task<NetTcpStreamedCall> OpenAsync(Stream connection, Uri via, long maxReplySize, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(connection);
        ArgumentNullException.ThrowIfNull(via);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxReplySize);
        var input = PipeReader.Create(connection, new StreamPipeReaderOptions(leaveOpen: true));
        var output = PipeWriter.Create(connection, new StreamPipeWriterOptions(leaveOpen: true));
        FramingRecordWriter.WriteSingletonPreamble(output, via);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
        var call = new NetTcpStreamedCall(input, output, maxReplySize);
        var answer = await call.ReadRecordTypeAsync("the preamble ack", cancellationToken).ConfigureAwait(false);
        if (answer != (byte)FramingRecordType.PreambleAck)
        {
            throw await call.UnexpectedAsync(answer, "the preamble", cancellationToken).ConfigureAwait(false);
        }

        return call;
    }

    /// <summary>
    /// Reads the head of the reply (call after the request was completed): its envelope as a stream of its chunks, or null
    /// when the server answered End alone (how a one-way message is acknowledged).
    /// </summary>
    public async Task<UnsizedEnvelopeReadStream?> ReadReplyAsync(CancellationToken cancellationToken)
    {
        var type = await ReadRecordTypeAsync("the reply", cancellationToken).ConfigureAwait(false);
        return type switch
        {
            (byte)FramingRecordType.UnsizedEnvelope => new UnsizedEnvelopeReadStream(_input, _maxReplySize),
            (byte)FramingRecordType.End => null,
            _ => throw await UnexpectedAsync(type, "the request", cancellationToken).ConfigureAwait(false),
        };
    }

    private async ValueTask<byte> ReadRecordTypeAsync(string what, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (!result.Buffer.IsEmpty)
            {
                var type = result.Buffer.FirstSpan[0];
                _input.AdvanceTo(result.Buffer.GetPosition(1));
                return type;
            }

            _input.AdvanceTo(result.Buffer.Start);
            if (result.IsCompleted || result.IsCanceled)
            {
                throw new IOException($"The server closed the connection before {what}.");
            }
        }
    }

    /// <summary>The exception for record <paramref name="type"/> where another was due: the server's fault, named, when it is one.</summary>
    private async ValueTask<IOException> UnexpectedAsync(byte type, string answering, CancellationToken cancellationToken)
    {
        if (type != (byte)FramingRecordType.Fault)
        {
            return new IOException($"The server answered {answering} with record 0x{type:X2}, not a net.tcp streamed answer.");
        }

        while (true)
        {
            var result = await _input.ReadAsync(cancellationToken).ConfigureAwait(false);
            var reader = new SequenceReader<byte>(result.Buffer);
            var status = FramingString.TryRead(ref reader, MaxFaultLength, out var fault);
            _input.AdvanceTo(status == FramingStringStatus.NeedMoreData ? result.Buffer.Start : reader.Position, result.Buffer.End);
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
