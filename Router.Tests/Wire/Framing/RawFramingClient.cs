using System.Net.Sockets;

namespace SoapRouter.Tests.Wire.Framing;

/// <summary>
/// A net.tcp client that writes bytes as given and reads the server's records with its own small parser: over a TCP
/// socket (<see cref="ConnectAsync"/>) or any pair of streams (an in-memory pipe).
/// </summary>
internal sealed class RawFramingClient : IAsyncDisposable
{
    private static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(20);
    private readonly Stream _input;
    private readonly Stream _output;
    private readonly TcpClient? _tcp;

    public RawFramingClient(Stream input, Stream output, TcpClient? tcp = null)
    {
        _input = input;
        _output = output;
        _tcp = tcp;
    }

    /// <summary>Connects to the host and port of <paramref name="address"/>.</summary>
    public static async Task<RawFramingClient> ConnectAsync(Uri address)
    {
        var tcp = new TcpClient { NoDelay = true };
        await tcp.ConnectAsync(address.Host, address.Port);
        var stream = tcp.GetStream();
        return new RawFramingClient(stream, stream, tcp);
    }

    /// <summary>Connects, sends a whole preamble for the address and checks the Preamble Ack: a session ready for envelopes.</summary>
    public static async Task<RawFramingClient> OpenSessionAsync(Uri address)
    {
        var raw = await ConnectAsync(address);
        await raw.SendAsync(FramingBytes.Preamble(address));
        Assert.True((await raw.ReadRecordAsync())!.IsPreambleAck);
        return raw;
    }

    /// <summary>Writes <paramref name="bytes"/> and flushes.</summary>
    public async Task SendAsync(params byte[][] bytes)
    {
        foreach (var chunk in bytes)
        {
            await _output.WriteAsync(chunk);
        }

        await _output.FlushAsync();
    }

    /// <summary>Writes <paramref name="bytes"/> one octet at a time, flushing each.</summary>
    public async Task SendByteByByteAsync(byte[] bytes)
    {
        foreach (var octet in bytes)
        {
            await _output.WriteAsync(new[] { octet });
            await _output.FlushAsync();
        }
    }

    /// <summary>The next record, or null when the server closed the connection first.</summary>
    public async Task<ServerRecord?> ReadRecordAsync(TimeSpan? timeout = null)
    {
        using var cts = new CancellationTokenSource(timeout ?? DefaultTimeout);
        var type = await ReadByteAsync(cts.Token);
        if (type < 0)
        {
            return null;
        }

        switch (type)
        {
            case ServerRecord.SizedEnvelope:
                var payload = new byte[await ReadSizeAsync(cts.Token)];
                await _input.ReadExactlyAsync(payload, cts.Token);
                return new ServerRecord((byte)type, payload, null);
            case ServerRecord.FaultType:
                var fault = new byte[await ReadSizeAsync(cts.Token)];
                await _input.ReadExactlyAsync(fault, cts.Token);
                return new ServerRecord((byte)type, [], System.Text.Encoding.UTF8.GetString(fault));
            default:
                return new ServerRecord((byte)type, [], null);
        }
    }

    /// <summary>Reads the next record and asserts it is a Fault record with <paramref name="fault"/>.</summary>
    public async Task ExpectFaultAsync(string fault)
    {
        var record = await ReadRecordAsync();
        Assert.NotNull(record);
        Assert.Equal(fault, record.Fault);
    }

    /// <summary>Asserts the server closes the connection (after nothing more than what it already sent) within the timeout.</summary>
    public async Task ExpectClosedAsync(TimeSpan? timeout = null)
    {
        using var cts = new CancellationTokenSource(timeout ?? DefaultTimeout);
        var buffer = new byte[4096];
        try
        {
            Assert.Equal(0, await _input.ReadAsync(buffer, cts.Token));
        }
        catch (IOException)
        {
            // A reset is a close too.
        }
    }

    /// <summary>True when nothing arrives and the connection stays open for <paramref name="period"/>.</summary>
    public async Task<bool> StaysOpenAsync(TimeSpan period)
    {
        using var cts = new CancellationTokenSource(period);
        try
        {
            var read = await _input.ReadAsync(new byte[1], cts.Token);
            return false;
        }
        catch (OperationCanceledException)
        {
            return true;
        }
    }

    /// <summary>Closes the client's side abruptly (no End).</summary>
    public void Abort()
    {
        if (_tcp is not null)
        {
            _tcp.Client.LingerState = new LingerOption(true, 0);
            _tcp.Dispose();
        }
        else
        {
            _output.Dispose();
            _input.Dispose();
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (_tcp is not null)
        {
            _tcp.Dispose();
            return;
        }

        await _output.DisposeAsync();
        await _input.DisposeAsync();
    }

    private async Task<int> ReadByteAsync(CancellationToken cancellationToken)
    {
        var one = new byte[1];
        try
        {
            return await _input.ReadAsync(one, cancellationToken) == 0 ? -1 : one[0];
        }
        catch (IOException)
        {
            return -1;
        }
    }

    private async Task<int> ReadSizeAsync(CancellationToken cancellationToken)
    {
        var value = 0;
        for (var shift = 0; shift < 35; shift += 7)
        {
            var octet = await ReadByteAsync(cancellationToken);
            if (octet < 0)
            {
                throw new EndOfStreamException("The connection closed inside a record's size.");
            }

            value |= (octet & 0x7F) << shift;
            if ((octet & 0x80) == 0)
            {
                return value;
            }
        }

        throw new InvalidDataException("A size longer than five octets.");
    }
}
