using System.Net;

namespace SoapRouter.Streaming;

/// <summary>
/// Request content that carries a streamed message to one destination as it arrives (chunked, unless the length is known).
/// It records whether the handler began writing it, from which point the message is on its way and can go nowhere else, how
/// many bytes it wrote, and what its own writing threw (the client's body, or a message the target encoding cannot carry).
/// </summary>
internal abstract class StreamedContent : HttpContent
{
    private int _started;
    private long _written;

    /// <summary>True once the handler began writing the body: from here on bytes of the message may have reached the destination.</summary>
    public bool SerializationStarted => Volatile.Read(ref _started) != 0;

    /// <summary>Bytes written to the destination so far.</summary>
    public long Written => Interlocked.Read(ref _written);

    /// <summary>What writing the message threw, when it was the message's side (the client's stream or its XML) rather than the destination's.</summary>
    public Exception? WriteFailure { get; protected set; }

    /// <summary>Called whenever bytes go out (the attempt's deadline moves on).</summary>
    public Action? Progress { get; init; }

    /// <inheritdoc />
    protected sealed override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc />
    protected sealed override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        // A second serialization (the handler retrying on a new connection) is refused: the stream's bytes are gone.
        if (Interlocked.Exchange(ref _started, 1) != 0)
        {
            throw new IOException("A streamed message cannot be sent twice.");
        }

        return WriteAsync(new CountingWriteStream(stream, Count), cancellationToken);
    }

    /// <summary>Writes the message to <paramref name="stream"/> (which counts what passes).</summary>
    protected abstract Task WriteAsync(Stream stream, CancellationToken cancellationToken);

    private void Count(int bytes)
    {
        Interlocked.Add(ref _written, bytes);
        Progress?.Invoke();
    }
}
