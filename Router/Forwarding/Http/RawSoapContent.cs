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

    /// <summary>Content for <paramref name="body"/> with <paramref name="contentType"/> as the raw header value.</summary>
    public RawSoapContent(ReadOnlyMemory<byte> body, string contentType)
    {
        _body = body;

        // Unvalidated so the value goes out exactly as the client sent it, never parsed and re-formatted.
        Headers.TryAddWithoutValidation("Content-Type", contentType);
    }

    /// <summary>
    /// True once the handler began writing the body: the headers are written just before it, so from here on the
    /// request may have reached the backend. Before, a failure cannot have delivered it.
    /// </summary>
    public bool SerializationStarted => Volatile.Read(ref _started) != 0;

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        Volatile.Write(ref _started, 1);
        return stream.WriteAsync(_body, cancellationToken).AsTask();
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
