using SoapRouter.Wire.Soap;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// How an HTTP SOAP body (a request or a reply) is compressed: not at all, in WCF's form (<c>application/soap+msbin1+gzip</c> / <c>+deflate</c>,
/// no Content-Encoding) or in the adaptive form (<c>Content-Encoding</c> names the codec), and the content type of the
/// message once decoded (what the endpoint checks and its encoder reads).
/// </summary>
/// <param name="Codec">The codec the body is in (<see cref="NoneCodec"/> when plain).</param>
/// <param name="IsWcfForm">True when the codec came from the content type's <c>+gzip</c>/<c>+deflate</c> suffix.</param>
/// <param name="PlainContentType">The content type without the compression suffix, parameters kept.</param>
public sealed record HttpBodyEncoding(ICompressionCodec Codec, bool IsWcfForm, string? PlainContentType)
{
    /// <summary>True when the body must be decoded.</summary>
    public bool IsCompressed => Codec.Id != CodecId.None;

    /// <summary>
    /// Reads the message's <paramref name="contentType"/> and <paramref name="contentEncoding"/>; null for an encoding
    /// that cannot be read (an unknown token, a list of codings, or both forms at once; a receiver answers 415.
    /// </summary>
    public static HttpBodyEncoding? Parse(string? contentType, string? contentEncoding, CodecRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        if (!CompressionHeaders.TryParseContentEncoding(contentEncoding, registry, out var codec))
        {
            return null;
        }

        // Only a media type ending in a WCF compression suffix is split (and allocated): the plain ones are the common case.
        var mediaTypeSpan = SoapMediaTypes.MediaType(contentType);
        if (contentType is null
            || !(mediaTypeSpan.EndsWith("+gzip", StringComparison.OrdinalIgnoreCase) || mediaTypeSpan.EndsWith("+deflate", StringComparison.OrdinalIgnoreCase))
            || !CompressionHeaders.TrySplitWcfMediaType(mediaTypeSpan.ToString(), registry, out var plainMediaType, out var wcfCodec))
        {
            return new HttpBodyEncoding(codec, IsWcfForm: false, contentType);
        }

        if (codec.Id != CodecId.None)
        {
            return null;
        }

        var semicolon = contentType.IndexOf(';', StringComparison.Ordinal);
        var plain = semicolon < 0 ? plainMediaType : string.Concat(plainMediaType, contentType.AsSpan(semicolon));
        return new HttpBodyEncoding(wcfCodec, IsWcfForm: true, plain);
    }

    /// <summary>WCF's compressed content type for a reply of <paramref name="contentType"/> in <paramref name="codec"/> (the suffix goes on the media type).</summary>
    public static string WcfContentType(string contentType, ICompressionCodec codec)
    {
        ArgumentNullException.ThrowIfNull(contentType);
        ArgumentNullException.ThrowIfNull(codec);
        var semicolon = contentType.IndexOf(';', StringComparison.Ordinal);
        return semicolon < 0
            ? string.Concat(contentType, "+", codec.HttpToken)
            : string.Concat(contentType.AsSpan(0, semicolon).TrimEnd(), "+", codec.HttpToken, contentType.AsSpan(semicolon));
    }
}
