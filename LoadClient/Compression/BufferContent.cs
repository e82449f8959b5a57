using System.Globalization;
using System.Net;
using SoapRouter.Wire.Compression;

namespace LoadClient.Compression;

/// <summary>
/// A request body built for this request (adaptive: compressed or not by the policy), sent from a worker's buffer.
/// </summary>
internal sealed class BufferContent : HttpContent
{
    private readonly ReadOnlyMemory<byte> _body;

    /// <summary>Content of <paramref name="body"/> in <paramref name="contentType"/>, with the adaptive form's headers when <paramref name="codec"/> is given.</summary>
    public BufferContent(ReadOnlyMemory<byte> body, string contentType, ICompressionCodec? codec, int plainLength)
    {
        _body = body;
        Headers.TryAddWithoutValidation("Content-Type", contentType);
        if (codec is not null)
        {
            Headers.TryAddWithoutValidation(CompressionHeaders.ContentEncoding, codec.HttpToken);
            Headers.TryAddWithoutValidation(CompressionHeaders.OriginalLength, plainLength.ToString(CultureInfo.InvariantCulture));
        }
    }

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(_body, cancellationToken);
        await stream.FlushAsync(cancellationToken);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override bool TryComputeLength(out long length)
    {
        length = _body.Length;
        return true;
    }
}
