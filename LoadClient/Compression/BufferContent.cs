using System.Diagnostics;
using System.Globalization;
using System.Net;
using SoapRouter.Wire.Compression;

namespace LoadClient.Compression;

/// <summary>
/// A request body built for this request (adaptive: compressed or not by the policy), sent from a worker's buffer.
/// When <paramref name="learn"/> is set, the write is timed and taught to the link's bandwidth estimate.
/// </summary>
internal sealed class BufferContent : HttpContent
{
    private readonly ReadOnlyMemory<byte> _body;
    private readonly CompressionLink? _learn;

    /// <summary>Content of <paramref name="body"/> in <paramref name="contentType"/>, with the adaptive form's headers when <paramref name="codec"/> is given.</summary>
    public BufferContent(ReadOnlyMemory<byte> body, string contentType, ICompressionCodec? codec, int plainLength, CompressionLink? learn)
    {
        _body = body;
        _learn = learn;
        Headers.TryAddWithoutValidation("Content-Type", contentType);
        if (codec is not null)
        {
            Headers.TryAddWithoutValidation(CompressionHeaders.ContentEncoding, codec.HttpToken);
            Headers.TryAddWithoutValidation(CompressionHeaders.OriginalLength, plainLength.ToString(CultureInfo.InvariantCulture));
        }
    }

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        await stream.WriteAsync(_body, cancellationToken);
        await stream.FlushAsync(cancellationToken);

        // The link ignores sends too small to say anything about the bandwidth.
        _learn?.RecordSend(_body.Length, Stopwatch.GetElapsedTime(start));
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override bool TryComputeLength(out long length)
    {
        length = _body.Length;
        return true;
    }
}
