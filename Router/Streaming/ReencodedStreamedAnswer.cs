using System.ServiceModel.Channels;
using Microsoft.AspNetCore.Http.Features;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Faults;

namespace SoapRouter.Streaming;

/// <summary>
/// The re-encode path back: the destination's reply, read by its encoder as a streamed message (<paramref name="read"/>, its
/// headers read, its body not), made into the client's message (<paramref name="forClient"/>), written by the listener's
/// encoder straight to the response as the body is read. WCF's readers and writers work synchronously, so it runs on a
/// thread of its own.
/// </summary>
internal sealed class ReencodedStreamedAnswer(
    StreamedReply reply, Message read, Message forClient, MessageCodec listener, bool isFault, long maxSize, TimeSpan idleTimeout)
    : StreamedAnswer(reply, isFault, maxSize, idleTimeout)
{
    /// <inheritdoc />
    public override async Task WriteAsync(HttpContext context, Action<int> written, CancellationToken cancellationToken)
    {
        var response = context.Response;
        response.StatusCode = IsFault ? SoapFaultMessages.HttpStatusCode : StatusCodes.Status200OK;
        response.ContentType = listener.ContentType;
        context.Features.Get<IHttpBodyControlFeature>()!.AllowSynchronousIO = true;
        await WriteBodyAsync(response.Body, written, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override async Task WriteBodyAsync(Stream body, Action<int> written, CancellationToken cancellationToken)
    {
        long total = 0;
        var counted = new CountingWriteStream(body, bytes =>
        {
            total += bytes;
            CheckSize(total);
            written(bytes);
        });

        // A stalled destination blocks WCF's synchronous read: closing its response ends that read.
        await using var stop = cancellationToken.Register(static state => ((StreamedReply)state!).Dispose(), Reply);
        await Task.Factory.StartNew(
            () =>
            {
                listener.Encoder.WriteMessage(forClient, counted);
                counted.Flush();
            },
            cancellationToken,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override void Dispose()
    {
        forClient.Close();
        read.Close();
        base.Dispose();
    }
}
