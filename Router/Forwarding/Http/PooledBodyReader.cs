using System.Buffers;

namespace SoapRouter.Forwarding.Http;

/// <summary>Reads an HTTP body into a buffer rented from a pool, refusing bodies over a size limit.</summary>
internal static class PooledBodyReader
{
    // First buffer for a body of unknown length (chunked): most SOAP replies fit, larger ones grow by doubling.
    private const int InitialUnknownLengthSize = 16 * 1024;

    // A declared length is rented at once up to this; a larger body grows as its bytes arrive, so a client that
    // declares megabytes and trickles them holds memory for what it sent, not for what it announced.
    private const int InitialKnownLengthCap = 256 * 1024;

    /// <summary>
    /// Reads <paramref name="stream"/> to its end. <paramref name="contentLength"/>, when known, sizes the buffer
    /// once (up to 256 KiB; a larger body's buffer grows as it arrives); otherwise bytes are counted as they arrive and reading stops as soon as they pass
    /// <paramref name="maxLength"/>. On success the caller owns the returned buffer (an empty body holds none); on a refusal or an exception
    /// the buffer is already back in <paramref name="pool"/>.
    /// </summary>
    public static async ValueTask<PooledBody> ReadAsync(
        Stream stream,
        long? contentLength,
        int maxLength,
        ArrayPool<byte> pool,
        CancellationToken cancellationToken)
    {
        if (contentLength > maxLength)
        {
            return new PooledBody([], 0, TooLarge: true);
        }

        if (contentLength == 0)
        {
            return new PooledBody([], 0, TooLarge: false);
        }

        var known = contentLength is not null;
        // The most the buffer ever needs: the declared length, or one byte over the limit to see that it was passed.
        var capacity = known ? contentLength!.Value : (long)maxLength + 1;
        using var body = new PooledBodyRental(pool, (int)Math.Min(capacity, known ? InitialKnownLengthCap : InitialUnknownLengthSize));
        while (!known || body.Count < contentLength)
        {
            if (body.Count == body.Buffer.Length)
            {
                body.Grow(0, capacity);
            }

            var read = await stream.ReadAsync(body.Buffer.AsMemory(body.Count), cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                break;
            }

            body.Count += read;
            if (body.Count > maxLength)
            {
                return new PooledBody([], 0, TooLarge: true);
            }
        }

        // An empty chunked body: the caller gets nothing to return, so the buffer goes back here.
        return body.HandOver();
    }
}
