using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class HttpBodyEncodingTests
{
    private static readonly CodecRegistry Registry = CodecRegistry.Default;

    [Theory]
    [InlineData("application/soap+msbin1", null, CodecId.None, false, "application/soap+msbin1")]
    [InlineData("application/soap+msbin1", "identity", CodecId.None, false, "application/soap+msbin1")]
    [InlineData("application/soap+msbin1+gzip", null, CodecId.GZip, true, "application/soap+msbin1")]
    [InlineData("application/soap+msbin1+deflate", "", CodecId.Deflate, true, "application/soap+msbin1")]
    [InlineData("application/soap+xml+GZIP; charset=utf-8", null, CodecId.GZip, true, "application/soap+xml; charset=utf-8")]
    [InlineData("text/xml; charset=utf-8", "zstd", CodecId.Zstd, false, "text/xml; charset=utf-8")]
    [InlineData("application/soap+xml; charset=utf-8", " br ", CodecId.Brotli, false, "application/soap+xml; charset=utf-8")]
    [InlineData("application/soap+msbin1", "lz4", CodecId.Lz4, false, "application/soap+msbin1")]
    public void Parse_KnownForms_GiveTheCodecAndThePlainContentType(string contentType, string? contentEncoding, CodecId codec, bool wcfForm, string plain)
    {
        var encoding = HttpBodyEncoding.Parse(contentType, contentEncoding, Registry);

        Assert.NotNull(encoding);
        Assert.Equal(codec, encoding.Codec.Id);
        Assert.Equal(wcfForm, encoding.IsWcfForm);
        Assert.Equal(plain, encoding.PlainContentType);
        Assert.Equal(codec != CodecId.None, encoding.IsCompressed);
    }

    [Theory]
    [InlineData("application/soap+msbin1", "compress")]
    [InlineData("application/soap+msbin1", "gzip, br")]
    [InlineData("application/soap+msbin1+gzip", "gzip")]
    public void Parse_UnreadableCodings_AreNull(string contentType, string contentEncoding) =>
        Assert.Null(HttpBodyEncoding.Parse(contentType, contentEncoding, Registry));

    [Theory]
    [InlineData("application/soap+msbin1", "application/soap+msbin1+gzip")]
    [InlineData("application/soap+xml; charset=utf-8", "application/soap+xml+gzip; charset=utf-8")]
    public void WcfContentType_PutsTheSuffixOnTheMediaType(string contentType, string expected) =>
        Assert.Equal(expected, HttpBodyEncoding.WcfContentType(contentType, Registry[CodecId.GZip]));
}
