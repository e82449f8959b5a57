using System.Buffers;

namespace BackendStub.Service;

/// <summary>A request body read into a pooled buffer; dispose returns the buffer.</summary>
internal sealed class RequestBody : IDisposable
{
    private byte[]? _buffer;

    private RequestBody(byte[] buffer, int length)
    {
        _buffer = buffer;
        Length = length;
    }

    /// <summary>The buffer holding the body in its first <see cref="Length"/> bytes.</summary>
    public byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(RequestBody));

    /// <summary>Length of the body.</summary>
    public int Length { get; }

    /// <summary>The body's bytes.</summary>
    public ReadOnlySpan<byte> Span => Buffer.AsSpan(0, Length);

    /// <summary>
    /// Reads <paramref name="stream"/> to its end; null when it is longer than <paramref name="maxLength"/> (then
    /// reading stops there, and the rest is left to the server to drain or drop).
    /// </summary>
    public static async Task<RequestBody?> ReadAsync(Stream stream, long? declaredLength, int maxLength, CancellationToken cancellationToken)
    {
        var initial = (int)Math.Clamp(declaredLength ?? 4096, 1, Math.Min(maxLength + 1L, 1 << 20));
        var buffer = ArrayPool<byte>.Shared.Rent(initial);
        var length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    if (length > maxLength)
                    {
                        ArrayPool<byte>.Shared.Return(buffer);
                        buffer = null;
                        return null;
                    }

                    var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min((long)buffer.Length * 2, maxLength + 1L));
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                var read = await stream.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    break;
                }

                length += read;
            }

            if (length > maxLength)
            {
                ArrayPool<byte>.Shared.Return(buffer);
                buffer = null;
                return null;
            }

            var body = new RequestBody(buffer, length);
            buffer = null;
            return body;
        }
        finally
        {
            if (buffer is not null)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        var buffer = Interlocked.Exchange(ref _buffer, null);
        if (buffer is not null)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
