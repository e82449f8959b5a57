using System.Buffers;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Telemetry;

namespace SoapRouter.Streaming;

/// <summary>
/// A streamed request as the router holds it: its first bytes in one pooled buffer (the header section, up to the Body's
/// content, and whatever of the body arrived with it), the envelope those headers make with an empty Body (what routing
/// reads), and the client's body stream for the rest, read only as a destination takes it. Counts what it read and keeps
/// the exception the client's stream failed with, so a failed attempt can be told apart from a client that failed.
/// Disposing returns the buffers.
/// </summary>
internal sealed class StreamedRequest : IDisposable
{
    private readonly Stream _rest;
    private readonly ArrayPool<byte> _pool;
    private readonly int _filled;
    private byte[]? _first;
    private byte[]? _headers;
    private long _restRead;

    private readonly Func<Exception, FaultKind> _classify;

    private StreamedRequest(
        Stream rest, ArrayPool<byte> pool, byte[] first, int filled, BodyStart body, bool binary, long? declaredLength, Func<Exception, FaultKind> classify)
    {
        _classify = classify;
        _rest = rest;
        _pool = pool;
        _first = first;
        _filled = filled;
        Body = body;
        DeclaredLength = declaredLength;
        var closing = HeaderSection.ClosingLength(first.AsSpan(0, body.ContentStart), body, binary);
        _headers = pool.Rent(body.ContentStart + closing);
        first.AsSpan(0, body.ContentStart).CopyTo(_headers);
        HeadersEnvelopeLength = body.ContentStart + HeaderSection.WriteClosing(first.AsSpan(0, body.ContentStart), body, binary, _headers.AsSpan(body.ContentStart));
    }

    /// <summary>Where the Body's content starts in the message.</summary>
    public BodyStart Body { get; }

    /// <summary>The request's Content-Length, or null (chunked).</summary>
    public long? DeclaredLength { get; }

    /// <summary>The header section: the message's bytes up to the Body's content, as received.</summary>
    public ReadOnlyMemory<byte> HeaderBytes => Live(_first).AsMemory(0, Body.ContentStart);

    /// <summary>The body bytes that arrived with the header section, before any of the rest was read.</summary>
    public ReadOnlyMemory<byte> BodyHead => Live(_first).AsMemory(Body.ContentStart, _filled - Body.ContentStart);

    /// <summary>Every byte read from the client so far, header section included.</summary>
    public ReadOnlyMemory<byte> FirstBytes => Live(_first).AsMemory(0, _filled);

    /// <summary>The header section closed into a whole envelope with an empty Body (in the first <see cref="HeadersEnvelopeLength"/> bytes).</summary>
    public byte[] HeadersEnvelope => Live(_headers);

    /// <summary>The length of <see cref="HeadersEnvelope"/>.</summary>
    public int HeadersEnvelopeLength { get; }

    /// <summary>Bytes read from the client so far.</summary>
    public long BytesRead => _filled + Interlocked.Read(ref _restRead);

    /// <summary>True once any byte past <see cref="FirstBytes"/> was read: from then on the message cannot be sent again.</summary>
    public bool RestTaken => Interlocked.Read(ref _restRead) > 0 || ClientFailure is not null;

    /// <summary>What the client's body stream threw, if it did (it went away, was too slow, sent too much).</summary>
    public Exception? ClientFailure { get; private set; }

    /// <summary>How the client's stream failed, as the listener classifies it (too large, too slow, gone); ClientAborted when it did not.</summary>
    public FaultKind FailureKind => ClientFailure is { } failure ? _classify(failure) : FaultKind.ClientAborted;

    /// <summary>Called whenever bytes of the rest arrive (the attempt's deadline moves on); null: nobody listens.</summary>
    public Action? Progress { get; set; }

    /// <summary>
    /// Reads the first bytes of <paramref name="body"/> into a buffer of <paramref name="maxHeadersSize"/> from
    /// <paramref name="pool"/> until the Body's start is among them. Exceptions of the client's stream (too slow, gone) are
    /// the caller's, as for a buffered body; later ones, while the rest is read, are kept and told apart by <paramref name="classify"/>.
    /// </summary>
    public static async ValueTask<(StreamedRequest? Request, HeaderSectionError Error)> ReadAsync(
        Stream body,
        long? declaredLength,
        bool binary,
        int maxHeadersSize,
        ArrayPool<byte> pool,
        Func<Exception, FaultKind> classify,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(body);
        var buffer = pool.Rent(maxHeadersSize);
        var filled = 0;
        try
        {
            while (true)
            {
                var read = await body.ReadAsync(buffer.AsMemory(filled, Math.Min(buffer.Length, maxHeadersSize) - filled), cancellationToken).ConfigureAwait(false);
                filled += read;
                if (read > 0 && HeaderSection.Find(buffer.AsSpan(0, filled), binary, out var start) is var error && error != HeaderSectionError.Ended)
                {
                    if (error != HeaderSectionError.None)
                    {
                        pool.Return(buffer);
                        return (null, error);
                    }

                    var request = new StreamedRequest(body, pool, buffer, filled, start, binary, declaredLength, classify);
                    buffer = null;
                    return (request, HeaderSectionError.None);
                }

                if (read == 0 || filled == Math.Min(buffer.Length, maxHeadersSize))
                {
                    pool.Return(buffer);
                    buffer = null;
                    return (null, read != 0 ? HeaderSectionError.TooLarge : filled == 0 ? HeaderSectionError.Empty : HeaderSectionError.Ended);
                }
            }
        }
        catch
        {
            if (buffer is not null)
            {
                pool.Return(buffer);
            }

            throw;
        }
    }

    /// <summary>Reads the next bytes of the rest of the body (0 at its end); a failure of the client's stream is kept, then thrown.</summary>
    public async ValueTask<int> ReadRestAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        try
        {
            return Counted(await _rest.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));
        }
        catch (Exception ex)
        {
            ClientFailure ??= ex;
            throw;
        }
    }

    /// <summary>
    /// Reads the next bytes of the rest synchronously (WCF's readers read streams so; the listener allows synchronous
    /// reads for streamed requests); a failure of the client's stream is kept, then thrown.
    /// </summary>
    public int ReadRest(Span<byte> buffer)
    {
        try
        {
            return Counted(_rest.Read(buffer));
        }
        catch (Exception ex)
        {
            ClientFailure ??= ex;
            throw;
        }
    }

    /// <summary>Reads the rest of the body and drops it: before a fault is answered, so the client, still sending, reads it.</summary>
    public async Task DrainAsync(CancellationToken cancellationToken)
    {
        var scratch = _pool.Rent(16 * 1024);
        try
        {
            while (await ReadRestAsync(scratch, cancellationToken).ConfigureAwait(false) > 0)
            {
            }
        }
        finally
        {
            _pool.Return(scratch);
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _first, null) is { } first)
        {
            _pool.Return(first);
        }

        if (Interlocked.Exchange(ref _headers, null) is { } headers)
        {
            _pool.Return(headers);
        }
    }

    private int Counted(int read)
    {
        if (read > 0)
        {
            Interlocked.Add(ref _restRead, read);
            Progress?.Invoke();
        }

        return read;
    }

    private byte[] Live(byte[]? buffer) => buffer ?? throw new ObjectDisposedException(nameof(StreamedRequest));
}
