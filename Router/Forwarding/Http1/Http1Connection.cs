using System.Buffers;
using System.Globalization;
using System.Net.Http;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.Text;
using SoapRouter.Forwarding.Http;

namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// One keep-alive HTTP/1.1 connection to a destination, used by one exchange at a time: it writes the request from
/// its own send buffer (head and a small body in one send) and reads the response through its own receive buffer,
/// the body straight into a pooled buffer the caller then owns. Socket operations complete without allocating.
/// </summary>
internal sealed class Http1Connection : IDisposable
{
    // Heads and small bodies go out in one send; a larger body follows in a second one, from the caller's memory.
    private const int SendBufferSize = 16 * 1024;

    // A response head must fit here (HttpClient allows 64 KB; SOAP servers send a few hundred bytes).
    private const int ReceiveBufferSize = 16 * 1024;

    // First buffer for a chunked or close-delimited body; it doubles as the body arrives.
    private const int InitialUnknownLengthSize = 16 * 1024;

    private readonly Socket _socket;
    private readonly byte[] _send = GC.AllocateUninitializedArray<byte>(SendBufferSize);
    private readonly byte[] _receive = GC.AllocateUninitializedArray<byte>(ReceiveBufferSize);
    private int _start;
    private int _end;

    // The last Content-Type seen and its string: a destination answers with the same one, so it is made once.
    private byte[] _contentTypeBytes = [];
    private string? _contentType;

    /// <summary>Wraps <paramref name="socket"/>, connected, opened at <paramref name="createdAt"/> (a TimeProvider timestamp).</summary>
    public Http1Connection(Socket socket, long createdAt)
    {
        _socket = socket;
        CreatedAt = createdAt;
        LastUsedAt = createdAt;
    }

    /// <summary>When the connection was opened (TimeProvider timestamp).</summary>
    public long CreatedAt { get; }

    /// <summary>When the last exchange on it ended (TimeProvider timestamp).</summary>
    public long LastUsedAt { get; set; }

    /// <summary>True once the current exchange has written any of its request.</summary>
    public bool RequestStarted { get; private set; }

    /// <summary>True once the current exchange has received any byte of its response.</summary>
    public bool ResponseStarted { get; private set; }

    /// <summary>True when the last exchange left the connection fit for the next one.</summary>
    public bool Reusable { get; private set; }

    /// <summary>
    /// Writes the head of <paramref name="request"/> (after <paramref name="prefix"/>) into the send buffer and returns
    /// its length, or -1 when it cannot be written (see <see cref="Http1RequestWriter.Write"/>); nothing is sent yet.
    /// </summary>
    public int WriteHead(byte[] prefix, in RawSoapRequest request) =>
        Http1RequestWriter.Write(_send, prefix, request, request.Body.Length);

    /// <summary>
    /// Sends <paramref name="request"/>, its head already written by <see cref="WriteHead"/> (<paramref name="headLength"/>
    /// bytes), and reads the whole response, refusing a body over <paramref name="maxBodyLength"/>.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<Http1Response> SendAsync(
        int headLength, RawSoapRequest request, int maxBodyLength, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        RequestStarted = false;
        ResponseStarted = false;
        Reusable = false;
        var body = request.Body;
        RequestStarted = true;
        if (headLength + body.Length <= _send.Length)
        {
            body.Span.CopyTo(_send.AsSpan(headLength));
            await SendAllAsync(_send.AsMemory(0, headLength + body.Length), cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await SendAllAsync(_send.AsMemory(0, headLength), cancellationToken).ConfigureAwait(false);
            await SendAllAsync(body, cancellationToken).ConfigureAwait(false);
        }

        Http1ResponseHead head;
        int headBytes;
        do
        {
            headBytes = await ReceiveHeadAsync(cancellationToken).ConfigureAwait(false);
            head = Http1HeadParser.Parse(_receive.AsSpan(_start, headBytes));
            if (head.IsInformational)
            {
                _start += headBytes;
            }
        }
        while (head.IsInformational);

        var contentType = ContentTypeOf(head, _start);
        _start += headBytes;
        var forbidsStoring = CacheDirectives.ForbidStoring(head.SetCookie, head.Pragma, head.CacheControl);
        PooledBody pooled;
        var delimited = true;
        if (head.HasNoBody || head.ContentLength == 0)
        {
            pooled = new PooledBody([], 0, TooLarge: false);
        }
        else if (head.Chunked)
        {
            pooled = await ReadChunkedAsync(maxBodyLength, pool, cancellationToken).ConfigureAwait(false);
        }
        else if (head.ContentLength > 0)
        {
            pooled = await ReadLengthAsync(head.ContentLength, maxBodyLength, pool, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            // Neither length nor chunking: the body ends when the server closes the connection.
            delimited = false;
            pooled = await ReadToEndAsync(maxBodyLength, pool, cancellationToken).ConfigureAwait(false);
        }

        // Anything after the response was never asked for: such a connection is not trusted with another request.
        Reusable = delimited && !pooled.TooLarge && !head.ConnectionClose && !head.IsHttp10 && _start == _end;
        return new Http1Response(head.StatusCode, contentType, head.ContentEncoding, head.OriginalLength, forbidsStoring, pooled);
    }

    /// <summary>Closes the socket.</summary>
    public void Dispose() => _socket.Dispose();

    private async ValueTask SendAllAsync(ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken)
    {
        while (!bytes.IsEmpty)
        {
            var sent = await _socket.SendAsync(bytes, SocketFlags.None, cancellationToken).ConfigureAwait(false);
            bytes = bytes[sent..];
        }
    }

    /// <summary>Receives until a whole head is buffered at <see cref="_start"/>; returns its length.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> ReceiveHeadAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var length = Http1HeadParser.FindHeadLength(_receive.AsSpan(_start, _end - _start));
            if (length > 0)
            {
                return length;
            }

            if (_start > 0)
            {
                Compact();
            }

            if (_end == _receive.Length)
            {
                throw Http1HeadParser.Invalid($"the head is longer than {ReceiveBufferSize} bytes");
            }

            await ReceiveMoreAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    private async ValueTask<PooledBody> ReadLengthAsync(long contentLength, int maxBodyLength, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        if (contentLength > maxBodyLength)
        {
            return new PooledBody([], 0, TooLarge: true);
        }

        var length = (int)contentLength;
        using var body = new PooledBodyRental(pool, length);
        body.Count = Math.Min(length, _end - _start);
        _receive.AsSpan(_start, body.Count).CopyTo(body.Buffer);
        _start += body.Count;
        while (body.Count < length)
        {
            // The rest goes straight into the body's buffer: one copy for the whole body.
            var read = await _socket.ReceiveAsync(body.Buffer.AsMemory(body.Count, length - body.Count), SocketFlags.None, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                throw Ended();
            }

            body.Count += read;
        }

        return body.HandOver();
    }

    private async ValueTask<PooledBody> ReadChunkedAsync(int maxBodyLength, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        using var body = new PooledBodyRental(pool, InitialUnknownLengthSize);
        while (true)
        {
            var line = await ReceiveLineAsync(cancellationToken).ConfigureAwait(false);
            var size = ChunkSize(_receive.AsSpan(_start, line));
            _start += line + 2;
            if (size == 0)
            {
                break;
            }

            if (body.Count + size > maxBodyLength)
            {
                return new PooledBody([], 0, TooLarge: true);
            }

            if (body.Count + size > body.Buffer.Length)
            {
                body.Grow(body.Count + size, maxBodyLength);
            }

            var remaining = (int)size;
            var buffered = Math.Min(remaining, _end - _start);
            _receive.AsSpan(_start, buffered).CopyTo(body.Buffer.AsSpan(body.Count));
            _start += buffered;
            body.Count += buffered;
            remaining -= buffered;
            while (remaining > 0)
            {
                var read = await _socket.ReceiveAsync(body.Buffer.AsMemory(body.Count, remaining), SocketFlags.None, cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    throw Ended();
                }

                body.Count += read;
                remaining -= read;
            }

            if (await ReceiveLineAsync(cancellationToken).ConfigureAwait(false) != 0)
            {
                throw Http1HeadParser.Invalid("a chunk is longer than its size");
            }

            _start += 2;
        }

        // Trailer fields, if any, end with an empty line; none of them matter here.
        int trailer;
        while ((trailer = await ReceiveLineAsync(cancellationToken).ConfigureAwait(false)) != 0)
        {
            _start += trailer + 2;
        }

        _start += 2;
        return body.HandOver();
    }

    private async ValueTask<PooledBody> ReadToEndAsync(int maxBodyLength, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        using var body = new PooledBodyRental(pool, InitialUnknownLengthSize);
        body.Count = Math.Min(_end - _start, body.Buffer.Length);
        _receive.AsSpan(_start, body.Count).CopyTo(body.Buffer);
        _start += body.Count;
        while (true)
        {
            if (body.Count > maxBodyLength)
            {
                return new PooledBody([], 0, TooLarge: true);
            }

            if (body.Count == body.Buffer.Length)
            {
                body.Grow(0, (long)maxBodyLength + 1);
            }

            var read = _start < _end
                ? CopyBuffered(body.Buffer.AsSpan(body.Count))
                : await _socket.ReceiveAsync(body.Buffer.AsMemory(body.Count), SocketFlags.None, cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                break;
            }

            body.Count += read;
        }

        return body.HandOver();
    }

    private int CopyBuffered(Span<byte> destination)
    {
        var count = Math.Min(destination.Length, _end - _start);
        _receive.AsSpan(_start, count).CopyTo(destination);
        _start += count;
        return count;
    }

    /// <summary>Receives until a CRLF is buffered at <see cref="_start"/>; returns the line's length without it.</summary>
    private async ValueTask<int> ReceiveLineAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var length = _receive.AsSpan(_start, _end - _start).IndexOf("\r\n"u8);
            if (length >= 0)
            {
                return length;
            }

            Compact();
            if (_end == _receive.Length)
            {
                throw Http1HeadParser.Invalid("a chunk line is too long");
            }

            await ReceiveMoreAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask ReceiveMoreAsync(CancellationToken cancellationToken)
    {
        var read = await _socket.ReceiveAsync(_receive.AsMemory(_end), SocketFlags.None, cancellationToken).ConfigureAwait(false);
        if (read == 0)
        {
            throw Ended();
        }

        ResponseStarted = true;
        _end += read;
    }

    private void Compact()
    {
        var buffered = _end - _start;
        _receive.AsSpan(_start, buffered).CopyTo(_receive);
        _start = 0;
        _end = buffered;
    }

    private string? ContentTypeOf(in Http1ResponseHead head, int headStart)
    {
        if (head.ContentType.Length < 0)
        {
            return null;
        }

        var value = _receive.AsSpan(headStart + head.ContentType.Offset, head.ContentType.Length);
        if (_contentType is null || !value.SequenceEqual(_contentTypeBytes))
        {
            _contentTypeBytes = value.ToArray();
            _contentType = Encoding.Latin1.GetString(value);
        }

        return _contentType;
    }

    private static long ChunkSize(ReadOnlySpan<byte> line)
    {
        // A chunk extension (";name=value") may follow the size; it means nothing here.
        var semicolon = line.IndexOf((byte)';');
        var digits = (semicolon < 0 ? line : line[..semicolon]).TrimEnd(" \t"u8);
        if (digits.IsEmpty || digits.Length > 8
            || !long.TryParse(digits, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var size))
        {
            throw Http1HeadParser.Invalid("a chunk size is not a hexadecimal number");
        }

        return size;
    }

    // HttpClient's own words for a response cut short; the classifier maps it to a reset.
    private static HttpRequestException Ended() =>
        new(HttpRequestError.ResponseEnded, "The destination closed the connection before the response was complete.");
}
