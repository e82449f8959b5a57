using System.Globalization;
using System.Text;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The HTTP form of a compressed message: <c>Content-Encoding</c> names the codec (lz4, zstd, br, gzip, deflate),
/// <c>X-Soap-Original-Length</c> the decoded length (required for lz4, checked for the rest), and a request's
/// <c>Accept-Encoding</c> what the peer can read. Also WCF's own form, <c>application/soap+msbin1+gzip</c>.
/// </summary>
public static class CompressionHeaders
{
    /// <summary>The codec a body is compressed with.</summary>
    public const string ContentEncoding = "Content-Encoding";

    /// <summary>The codecs the sender of a request can read in the reply.</summary>
    public const string AcceptEncoding = "Accept-Encoding";

    /// <summary>The length of the body once decoded, in bytes (decimal).</summary>
    public const string OriginalLength = "X-Soap-Original-Length";

    /// <summary>The token of no coding.</summary>
    public const string Identity = "identity";

    /// <summary>
    /// The codec of a <c>Content-Encoding</c> value: absent, empty or <c>identity</c> is <see cref="NoneCodec"/>.
    /// False for an unknown token or a list of several codings (never sent by our peers; a 415 for the caller).
    /// </summary>
    public static bool TryParseContentEncoding(ReadOnlySpan<char> value, CodecRegistry registry, out ICompressionCodec codec)
    {
        ArgumentNullException.ThrowIfNull(registry);
        var token = value.Trim();
        if (token.IsEmpty)
        {
            token = Identity;
        }

        if (token.Contains(',') || !registry.TryGetByToken(token, out var found))
        {
            codec = registry[CodecId.None];
            return false;
        }

        codec = found;
        return true;
    }

    /// <summary>The decoded length from <c>X-Soap-Original-Length</c>: decimal digits only, no sign, at most <see cref="int.MaxValue"/>.</summary>
    public static bool TryParseOriginalLength(ReadOnlySpan<char> value, out int length)
    {
        value = value.Trim();
        length = 0;
        if (value.IsEmpty || value.Length > 10)
        {
            return false;
        }

        foreach (var c in value)
        {
            if (c is < '0' or > '9')
            {
                return false;
            }
        }

        return int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out length);
    }

    /// <summary>
    /// The codecs an <c>Accept-Encoding</c> value allows (RFC 9110 12.5.3): listed tokens with q above 0, <c>*</c> for
    /// every other codec the registry knows, and identity unless refused (<c>identity;q=0</c>, or <c>*;q=0</c>
    /// without identity listed). An absent header (null) means identity only: a SOAP peer that says nothing may not
    /// decode anything. Unknown tokens and malformed q-values are ignored, never an error.
    /// </summary>
    public static CodecSet ParseAcceptEncoding(string? value, CodecRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        if (value is null)
        {
            return CodecSet.IdentityOnly;
        }

        var accepted = CodecSet.Empty;
        var refused = CodecSet.Empty;
        bool? star = null;
        var rest = value.AsSpan();
        while (!rest.IsEmpty)
        {
            var comma = rest.IndexOf(',');
            var item = comma < 0 ? rest : rest[..comma];
            rest = comma < 0 ? [] : rest[(comma + 1)..];

            var semicolon = item.IndexOf(';');
            var token = (semicolon < 0 ? item : item[..semicolon]).Trim();
            if (token.IsEmpty)
            {
                continue;
            }

            var allowed = semicolon < 0 || QualityAboveZero(item[(semicolon + 1)..]);
            if (token is "*")
            {
                star = allowed;
            }
            else if (registry.TryGetByToken(token, out var codec) || (token.Equals("x-gzip", StringComparison.OrdinalIgnoreCase) && registry.TryGetById(CodecId.GZip, out codec)))
            {
                if (allowed)
                {
                    accepted = accepted.With(codec.Id);
                }
                else
                {
                    refused = refused.With(codec.Id);
                }
            }
        }

        if (star == true)
        {
            accepted = new CodecSet(accepted.Bits | (registry.All & ~refused.Bits));
        }

        var identityRefused = refused.Contains(CodecId.None) || (star == false && !accepted.Contains(CodecId.None));
        return identityRefused ? accepted.Without(CodecId.None) : accepted.With(CodecId.None);
    }

    /// <summary>The <c>Accept-Encoding</c> value that advertises <paramref name="codecs"/> in preference order (identity is implied).</summary>
    public static string FormatAcceptEncoding(IEnumerable<ICompressionCodec> codecs)
    {
        ArgumentNullException.ThrowIfNull(codecs);
        var text = new StringBuilder();
        foreach (var codec in codecs)
        {
            if (codec.Id == CodecId.None)
            {
                continue;
            }

            if (text.Length > 0)
            {
                text.Append(", ");
            }

            text.Append(codec.HttpToken);
        }

        return text.Length == 0 ? Identity : text.ToString();
    }

    /// <summary>
    /// Splits WCF's compressed media type (<c>application/soap+msbin1+gzip</c>, <c>+deflate</c>) into the plain media
    /// type and the codec; false when the type carries no known compression suffix.
    /// </summary>
    public static bool TrySplitWcfMediaType(string mediaType, CodecRegistry registry, out string plainMediaType, out ICompressionCodec codec)
    {
        ArgumentNullException.ThrowIfNull(mediaType);
        ArgumentNullException.ThrowIfNull(registry);
        plainMediaType = mediaType;
        codec = registry[CodecId.None];
        var plus = mediaType.LastIndexOf('+');
        if (plus <= 0)
        {
            return false;
        }

        var suffix = mediaType.AsSpan(plus + 1).Trim();
        var isWcfCodec = suffix.Equals("gzip", StringComparison.OrdinalIgnoreCase) || suffix.Equals("deflate", StringComparison.OrdinalIgnoreCase);
        if (!isWcfCodec || !registry.TryGetByToken(suffix, out var found))
        {
            return false;
        }

        plainMediaType = mediaType[..plus];
        codec = found;
        return true;
    }

    private static bool QualityAboveZero(ReadOnlySpan<char> parameters)
    {
        while (!parameters.IsEmpty)
        {
            var semicolon = parameters.IndexOf(';');
            var parameter = (semicolon < 0 ? parameters : parameters[..semicolon]).Trim();
            parameters = semicolon < 0 ? [] : parameters[(semicolon + 1)..];
            var equals = parameter.IndexOf('=');
            if (equals > 0 && parameter[..equals].Trim().Equals("q", StringComparison.OrdinalIgnoreCase))
            {
                // A malformed weight counts as q=1, as most servers read it: the listing itself is the intent.
                var weight = parameter[(equals + 1)..].Trim();
                return !double.TryParse(weight, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var q) || q > 0;
            }
        }

        return true;
    }
}
