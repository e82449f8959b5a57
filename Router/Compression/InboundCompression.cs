using Microsoft.Extensions.Primitives;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Compression;

/// <summary>
/// How an HTTP request's body is compressed, from its headers: WCF's own form (<c>application/soap+msbin1+gzip</c>,
/// <c>+deflate</c>: the codec is part of the media type) or the adaptive form (<c>Content-Encoding</c> with
/// <c>X-Soap-Original-Length</c>). The content type the listener checks and the pipeline sees is the plain one.
/// </summary>
/// <param name="Codec">The codec to undo; null for a plain body.</param>
/// <param name="ContentType">The content type without the compression suffix.</param>
/// <param name="OriginalLengthHeader">The announced decoded length as sent (read when the body is decoded), or null.</param>
/// <param name="Problem">Why the marking cannot be read (an unknown Content-Encoding); null when it can.</param>
internal readonly record struct InboundCompression(ICompressionCodec? Codec, string? ContentType, string? OriginalLengthHeader, string? Problem)
{
    /// <summary>Reads the marking of a request with <paramref name="contentType"/> and these header values.</summary>
    public static InboundCompression From(string? contentType, StringValues contentEncoding, StringValues originalLength, CodecRegistry registry)
    {
        var length = StringValues.IsNullOrEmpty(originalLength) ? null : originalLength.ToString();
        var encoding = HttpBodyEncoding.Parse(contentType, StringValues.IsNullOrEmpty(contentEncoding) ? null : contentEncoding.ToString(), registry);
        if (encoding is null)
        {
            var known = string.Join(", ", registry.Codecs.Where(c => c.Id != CodecId.None).Select(c => c.HttpToken));
            return new(null, contentType, length, $"Content-Encoding '{contentEncoding}' is not supported (supported: {known}; one coding, and not with a +gzip or +deflate media type).");
        }

        return new(encoding.IsCompressed ? encoding.Codec : null, encoding.PlainContentType, length, null);
    }
}
