using System.ServiceModel.Channels;
using SoapRouter.Reencoding;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Streaming;

/// <summary>
/// The re-encode path for a streamed message: the listener's WCF encoder reads it as a streamed message from the router's
/// bytes and then the client's body (<see cref="StreamedRequestStream"/>), <see cref="MessageBridge"/> maps it to the
/// destination's binding, and the destination's encoder writes it straight to the request stream; the body is copied a
/// chunk at a time (<see cref="BodyCopier"/>), never held whole. WCF's readers and writers work synchronously, so the
/// copy runs on a thread of its own.
/// </summary>
internal sealed class StreamedReencodedContent : StreamedContent
{
    private readonly StreamedRequest _request;
    private readonly MessageCodec _source;
    private readonly string _contentType;
    private readonly MessageCodec _target;
    private readonly Func<Message, Message> _bridge;
    private readonly int _maxHeadersSize;

    /// <summary>
    /// Content that reads <paramref name="request"/> (received as <paramref name="contentType"/>) with <paramref name="source"/>,
    /// turns it into the outgoing message with <paramref name="bridge"/> (which owns the message it is given) and writes that
    /// with <paramref name="target"/>.
    /// </summary>
    public StreamedReencodedContent(
        StreamedRequest request, MessageCodec source, string contentType, MessageCodec target, Func<Message, Message> bridge, int maxHeadersSize)
    {
        _request = request;
        _source = source;
        _contentType = contentType;
        _target = target;
        _bridge = bridge;
        _maxHeadersSize = maxHeadersSize;
        Headers.TryAddWithoutValidation("Content-Type", target.ContentType);
    }

    /// <inheritdoc />
    protected override Task WriteAsync(Stream stream, CancellationToken cancellationToken) =>
        Task.Factory.StartNew(() => Write(stream), cancellationToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }

    private void Write(Stream stream)
    {
        Message? source = null;
        Message? outgoing = null;
        try
        {
            source = _source.Encoder.ReadMessage(new StreamedRequestStream(_request), _maxHeadersSize, _contentType);
            outgoing = _bridge(source);
            _target.Encoder.WriteMessage(outgoing, stream);
        }
        catch (Exception ex) when (_request.ClientFailure is not null || ErrorClassifier.IsBadInput(ex))
        {
            // The client's stream failed, or its XML cannot be carried: the message's fault, not the destination's.
            WriteFailure = _request.ClientFailure ?? ex;
            throw;
        }
        finally
        {
            outgoing?.Close();
            source?.Close();
        }
    }
}
