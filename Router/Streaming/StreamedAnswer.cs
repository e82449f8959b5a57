namespace SoapRouter.Streaming;

/// <summary>
/// A destination's reply to a streamed request, on its way to the client: its headers are read, its body is passed on as
/// it arrives (<see cref="WriteAsync"/>), never held whole, and its bytes are counted once it is done (<see cref="Traffic"/>).
/// Disposing closes the destination's response.
/// </summary>
internal abstract class StreamedAnswer(StreamedReply reply, bool isFault, long maxSize, TimeSpan idleTimeout) : IDisposable
{
    /// <summary>True for a SOAP fault (answered with HTTP 500).</summary>
    public bool IsFault { get; } = isFault;

    /// <summary>The longest the reply may stall before it is cut (the cluster's requestTimeout, counted from the last bytes that moved).</summary>
    public TimeSpan IdleTimeout { get; } = idleTimeout;

    /// <summary>Where the message was counted; its late bytes are added there when the reply is done. Set by the pipeline.</summary>
    public StreamedTraffic? Traffic { get; set; }

    /// <summary>The destination's open reply.</summary>
    protected StreamedReply Reply { get; } = reply;

    /// <summary>The largest reply passed on (limits.streamed.maxMessageSize); past it the reply is cut.</summary>
    protected long MaxSize { get; } = maxSize;

    /// <summary>
    /// Writes the reply to <paramref name="context"/>'s response, telling <paramref name="written"/> each time bytes went
    /// out. Throws when the destination's stream or the client fails, or the reply passes <see cref="MaxSize"/>; the caller
    /// then cuts the client's connection. <paramref name="cancellationToken"/> ends it.
    /// </summary>
    public abstract Task WriteAsync(HttpContext context, Action<int> written, CancellationToken cancellationToken);

    /// <summary>
    /// Writes the reply's envelope bytes alone to <paramref name="body"/> (a net.tcp streamed reply: no status, no content
    /// type), as <see cref="WriteAsync"/> does to an HTTP response.
    /// </summary>
    public abstract Task WriteBodyAsync(Stream body, Action<int> written, CancellationToken cancellationToken);

    /// <inheritdoc />
    public virtual void Dispose() => Reply.Dispose();

    /// <summary>Counts <paramref name="total"/> against <see cref="MaxSize"/>.</summary>
    protected void CheckSize(long total)
    {
        if (total > MaxSize)
        {
            throw new InvalidDataException($"The reply is larger than limits.streamed.maxMessageSize ({MaxSize} bytes).");
        }
    }
}
