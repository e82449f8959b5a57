using System.Net;
using System.Net.Http.Headers;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.BackendStub.Compression;

/// <summary>Sends <see cref="StubRequest"/>s to the stub compressed, and reads compressed replies back, with a real <see cref="HttpClient"/>.</summary>
internal static class CompressedStubHttp
{
    /// <summary>
    /// POSTs <paramref name="request"/> with its body replaced by <paramref name="body"/> (already compressed), the
    /// given Content-Type, Content-Encoding, X-Soap-Original-Length and Accept-Encoding (null: the header is left out).
    /// </summary>
    public static async Task<CompressedReply> SendAsync(
        HttpClient client,
        Uri address,
        StubRequest request,
        byte[] body,
        string? contentType = null,
        string? contentEncoding = null,
        int? originalLength = null,
        string? acceptEncoding = null)
    {
        var content = new ByteArrayContent(body);
        content.Headers.TryAddWithoutValidation("Content-Type", contentType ?? request.ContentType);
        if (contentEncoding is not null)
        {
            content.Headers.TryAddWithoutValidation(CompressionHeaders.ContentEncoding, contentEncoding);
        }

        if (originalLength is { } length)
        {
            content.Headers.TryAddWithoutValidation(CompressionHeaders.OriginalLength, length.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        using var message = new HttpRequestMessage(HttpMethod.Post, address) { Content = content };
        if (request.SoapAction is not null)
        {
            message.Headers.TryAddWithoutValidation("SOAPAction", request.SoapAction);
        }

        if (acceptEncoding is not null)
        {
            message.Headers.TryAddWithoutValidation(CompressionHeaders.AcceptEncoding, acceptEncoding);
        }

        message.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("*/*"));
        using var response = await client.SendAsync(message);
        var bytes = await response.Content.ReadAsByteArrayAsync();
        var originalHeader = response.Headers.TryGetValues(CompressionHeaders.OriginalLength, out var values)
            || response.Content.Headers.TryGetValues(CompressionHeaders.OriginalLength, out values)
            ? values.Single()
            : null;
        return new CompressedReply(
            request,
            response.StatusCode,
            response.Content.Headers.ContentType?.ToString(),
            response.Content.Headers.ContentEncoding.SingleOrDefault(),
            originalHeader,
            bytes);
    }

    /// <summary><paramref name="data"/> compressed with the codec named <paramref name="codecName"/> at its normal level.</summary>
    public static byte[] Compress(string codecName, ReadOnlySpan<byte> data)
    {
        Assert.True(CodecRegistry.Default.TryGetByName(codecName, out var codec));
        using var output = new PooledBufferWriter();
        codec.Compress(data, output, CodecLevel.Normal);
        return output.ToArray();
    }

    /// <summary>A reply as it came off the wire, before any decoding.</summary>
    internal sealed record CompressedReply(
        StubRequest Request, HttpStatusCode StatusCode, string? ContentType, string? ContentEncoding, string? OriginalLength, byte[] Body)
    {
        /// <summary>The reply decoded (Content-Encoding, or WCF's +gzip/+deflate content type), as a <see cref="StubReply"/>.</summary>
        public StubReply Decoded()
        {
            var contentType = ContentType;
            var codecToken = ContentEncoding;
            if (codecToken is null && contentType is not null
                && CompressionHeaders.TrySplitWcfMediaType(contentType, CodecRegistry.Default, out var plain, out var wcfCodec))
            {
                contentType = plain;
                codecToken = wcfCodec.HttpToken;
            }

            if (codecToken is null)
            {
                return new StubReply(Request.Binding, StatusCode, contentType, Body);
            }

            Assert.True(CodecRegistry.Default.TryGetByToken(codecToken, out var codec), $"unknown coding {codecToken}");
            int? length = OriginalLength is null ? null : int.Parse(OriginalLength, System.Globalization.CultureInfo.InvariantCulture);
            using var output = new PooledBufferWriter();
            codec.Decompress(Body, output, length, 256 * 1024 * 1024);
            return new StubReply(Request.Binding, StatusCode, contentType, output.ToArray());
        }
    }
}
