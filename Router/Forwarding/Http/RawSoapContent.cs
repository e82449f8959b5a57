using System.Diagnostics;
using System.Net;

namespace SoapRouter.Forwarding.Http;

/// <summary>
/// Request content over the caller's bytes, written as they are with a Content-Length. It records whether the
/// handler started writing it, which is how the sender knows a failure happened before the request went out.
/// </summary>
internal sealed class RawSoapContent : HttpContent
{
    private readonly ReadOnlyMemory<byte> _body;
    private int _started;
    private readonly bool _timed;
    private long _writeTicks;

    /// <summary>Content for <paramref name="body"/> with <paramref name="contentType"/> as the raw header value.</summary>
    public RawSoapContent(ReadOnlyMemory<byte> body, string contentType, bool timed = false)
    {
        _body = body;
        _timed = timed;

        // Unvalidated so the value goes out exactly as the client sent it, never parsed and re-formatted.
        Headers.TryAddWithoutValidation("Content-Type", contentType);
    }

    /// <summary>
    /// True once the handler began writing the body: the headers are written just before it, so from here on the
    /// request may have reached the backend. Before, a failure cannot have delivered it.
    /// </summary>
    public bool SerializationStarted => Volatile.Read(ref _started) != 0;

    /// <summary>How long writing the body took (until the socket took its last byte); null until it finished or when not timed.</summary>
    public TimeSpan? WriteTime => Volatile.Read(ref _writeTicks) is > 0 and var ticks ? Stopwatch.GetElapsedTime(0, ticks) : null;

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        Volatile.Write(ref _started, 1);
        return _timed ? TimedWriteAsync(stream, cancellationToken) : stream.WriteAsync(_body, cancellationToken).AsTask();
    }

    private async Task TimedWriteAsync(Stream stream, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        await stream.WriteAsync(_body, cancellationToken).ConfigureAwait(false);
        Volatile.Write(ref _writeTicks, Math.Max(1, Stopwatch.GetTimestamp() - started));
    }

    /// <inheritdoc />
    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        Volatile.Write(ref _started, 1);
        stream.Write(_body.Span);
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = _body.Length;
        return true;
    }
}
