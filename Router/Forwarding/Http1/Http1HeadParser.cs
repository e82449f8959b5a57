using System.Buffers.Text;
using System.Net.Http;
using System.Text;

namespace SoapRouter.Forwarding.Http1;

/// <summary>
/// Parses an HTTP/1.1 response head (status line and header fields, up to and including the empty line) from bytes,
/// without allocating for the fields a SOAP reply usually carries. A head that is not well-formed HTTP/1.x is refused
/// with the <see cref="HttpRequestError.InvalidResponse"/> that HttpClient would report, so the failure is classified
/// the same way.
/// </summary>
internal static class Http1HeadParser
{
    private static ReadOnlySpan<byte> HeadEnd => "\r\n\r\n"u8;

    /// <summary>The length of the head at the start of <paramref name="buffer"/> (including its empty line), or -1 when it is not all there yet.</summary>
    public static int FindHeadLength(ReadOnlySpan<byte> buffer)
    {
        var end = buffer.IndexOf(HeadEnd);
        return end < 0 ? -1 : end + HeadEnd.Length;
    }

    /// <summary>Parses <paramref name="head"/>, a whole head as <see cref="FindHeadLength"/> found it.</summary>
    public static Http1ResponseHead Parse(ReadOnlySpan<byte> head)
    {
        var result = new Http1ResponseHead { ContentLength = -1, ContentType = (0, -1) };
        var lineEnd = head.IndexOf("\r\n"u8);
        ParseStatusLine(head[..lineEnd], ref result);
        var offset = lineEnd + 2;
        while (true)
        {
            var line = head[offset..];
            lineEnd = line.IndexOf("\r\n"u8);
            if (lineEnd == 0)
            {
                return result;
            }

            ParseField(line[..lineEnd], offset, ref result);
            offset += lineEnd + 2;
        }
    }

    private static void ParseStatusLine(ReadOnlySpan<byte> line, ref Http1ResponseHead result)
    {
        // HTTP/1.1 200 OK: the reason phrase may be empty or missing.
        if (line.Length < 12 || !line.StartsWith("HTTP/1."u8) || line[7] is not ((byte)'0' or (byte)'1') || line[8] != ' '
            || (line.Length > 12 && line[12] != ' ')
            || !Utf8Parser.TryParse(line.Slice(9, 3), out int status, out var consumed) || consumed != 3 || status < 100)
        {
            throw Invalid("the status line is not HTTP/1.x");
        }

        result.StatusCode = status;
        result.IsHttp10 = line[7] == '0';
    }

    private static void ParseField(ReadOnlySpan<byte> line, int lineOffset, ref Http1ResponseHead result)
    {
        var colon = line.IndexOf((byte)':');
        if (colon <= 0 || line[0] is (byte)' ' or (byte)'\t' || line[colon - 1] is (byte)' ' or (byte)'\t')
        {
            // No name, an obsolete line folding, or white space before the colon: all refused by RFC 9112.
            throw Invalid("a header field is malformed");
        }

        var name = line[..colon];
        var valueStart = colon + 1;
        while (valueStart < line.Length && line[valueStart] is (byte)' ' or (byte)'\t')
        {
            valueStart++;
        }

        var valueEnd = line.Length;
        while (valueEnd > valueStart && line[valueEnd - 1] is (byte)' ' or (byte)'\t')
        {
            valueEnd--;
        }

        var value = line[valueStart..valueEnd];
        if (Is(name, "Content-Length"u8))
        {
            if (!Utf8Parser.TryParse(value, out long length, out var consumed) || consumed != value.Length || length < 0
                || (result.ContentLength >= 0 && result.ContentLength != length))
            {
                throw Invalid("the Content-Length is not a number");
            }

            result.ContentLength = length;
        }
        else if (Is(name, "Content-Type"u8))
        {
            result.ContentType = (lineOffset + valueStart, value.Length);
        }
        else if (Is(name, "Transfer-Encoding"u8))
        {
            // Only chunked is understood; a coding applied on top of it (gzip, chunked) cannot be passed through verbatim.
            if (!EndsWithToken(value, "chunked"u8) || value.IndexOf((byte)',') >= 0)
            {
                throw Invalid("a transfer coding other than chunked");
            }

            result.Chunked = true;
        }
        else if (Is(name, "Connection"u8))
        {
            result.ConnectionClose |= HasToken(value, "close"u8);
        }
        else if (Is(name, "Content-Encoding"u8))
        {
            result.ContentEncoding = Join(result.ContentEncoding, value);
        }
        else if (Is(name, "X-Soap-Original-Length"u8))
        {
            result.OriginalLength = Join(result.OriginalLength, value);
        }
        else if (Is(name, "Set-Cookie"u8))
        {
            result.SetCookie = true;
        }
        else if (Is(name, "Pragma"u8))
        {
            result.Pragma = Join(result.Pragma, value);
        }
        else if (Is(name, "Cache-Control"u8))
        {
            result.CacheControl = Join(result.CacheControl, value);
        }
    }

    private static bool Is(ReadOnlySpan<byte> name, ReadOnlySpan<byte> expected) =>
        name.Length == expected.Length && Ascii.EqualsIgnoreCase(name, expected);

    private static bool EndsWithToken(ReadOnlySpan<byte> value, ReadOnlySpan<byte> token) =>
        value.Length >= token.Length && Ascii.EqualsIgnoreCase(value[^token.Length..], token);

    private static bool HasToken(ReadOnlySpan<byte> value, ReadOnlySpan<byte> token)
    {
        foreach (var range in value.Split((byte)','))
        {
            if (Ascii.EqualsIgnoreCase(value[range].Trim(" \t"u8), token))
            {
                return true;
            }
        }

        return false;
    }

    // Repeated fields join with ", " as HttpClient's header collections show them.
    private static string Join(string? previous, ReadOnlySpan<byte> value)
    {
        var text = Encoding.Latin1.GetString(value);
        return previous is null ? text : previous + ", " + text;
    }

    /// <summary>The exception HttpClient throws for a response it cannot read; the classifier maps it to ResponseInvalid.</summary>
    public static HttpRequestException Invalid(string what) =>
        new(HttpRequestError.InvalidResponse, $"The destination's response is not valid HTTP/1.1: {what}.");
}
