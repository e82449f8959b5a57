using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CompressionHeadersTests
{
    private static readonly CodecRegistry Registry = CodecRegistry.Default;

    [Theory]
    [InlineData("gzip", CodecId.GZip)]
    [InlineData(" GZIP ", CodecId.GZip)]
    [InlineData("br", CodecId.Brotli)]
    [InlineData("lz4", CodecId.Lz4)]
    [InlineData("zstd", CodecId.Zstd)]
    [InlineData("deflate", CodecId.Deflate)]
    [InlineData("identity", CodecId.None)]
    [InlineData("", CodecId.None)]
    public void TryParseContentEncoding_KnownTokens(string value, CodecId expected)
    {
        Assert.True(CompressionHeaders.TryParseContentEncoding(value, Registry, out var codec));
        Assert.Equal(expected, codec.Id);
    }

    [Theory]
    [InlineData("compress")]
    [InlineData("gzip, br")]
    [InlineData("brotli")]
    public void TryParseContentEncoding_UnknownOrSeveral_IsFalse(string value)
    {
        Assert.False(CompressionHeaders.TryParseContentEncoding(value, Registry, out _));
    }

    [Theory]
    [InlineData("0", 0)]
    [InlineData(" 153600 ", 153600)]
    [InlineData("2147483647", int.MaxValue)]
    public void TryParseOriginalLength_Digits(string value, int expected)
    {
        Assert.True(CompressionHeaders.TryParseOriginalLength(value, out var length));
        Assert.Equal(expected, length);
    }

    [Theory]
    [InlineData("")]
    [InlineData("-1")]
    [InlineData("+5")]
    [InlineData("1e3")]
    [InlineData("2147483648")]
    [InlineData("99999999999")]
    [InlineData("12 34")]
    public void TryParseOriginalLength_AnythingElse_IsFalse(string value)
    {
        Assert.False(CompressionHeaders.TryParseOriginalLength(value, out _));
    }

    [Fact]
    public void ParseAcceptEncoding_Absent_IsIdentityOnly()
    {
        Assert.Equal(CodecSet.IdentityOnly, CompressionHeaders.ParseAcceptEncoding(null, Registry));
        Assert.Equal(CodecSet.IdentityOnly, CompressionHeaders.ParseAcceptEncoding("", Registry));
    }

    [Fact]
    public void ParseAcceptEncoding_ListedTokens_PlusIdentity()
    {
        var set = CompressionHeaders.ParseAcceptEncoding("gzip, deflate, br", Registry);

        Assert.Equal(CodecSet.IdentityOnly.With(CodecId.GZip).With(CodecId.Deflate).With(CodecId.Brotli), set);
    }

    [Fact]
    public void ParseAcceptEncoding_QualityZero_Refuses_OtherQualitiesAccept()
    {
        var set = CompressionHeaders.ParseAcceptEncoding("zstd;q=0.8, lz4 ; q=0, gzip;q=1.000, br;Q=0.0", Registry);

        Assert.True(set.Contains(CodecId.Zstd));
        Assert.True(set.Contains(CodecId.GZip));
        Assert.False(set.Contains(CodecId.Lz4));
        Assert.False(set.Contains(CodecId.Brotli));
        Assert.True(set.Contains(CodecId.None));
    }

    [Fact]
    public void ParseAcceptEncoding_Star_AcceptsEveryCodecNotRefused()
    {
        var set = CompressionHeaders.ParseAcceptEncoding("*, lz4;q=0", Registry);

        Assert.Equal(Registry.AllCodecs.Without(CodecId.Lz4), set);
    }

    [Fact]
    public void ParseAcceptEncoding_IdentityRefused_ExplicitlyOrByStar()
    {
        Assert.False(CompressionHeaders.ParseAcceptEncoding("gzip, identity;q=0", Registry).Contains(CodecId.None));
        Assert.False(CompressionHeaders.ParseAcceptEncoding("gzip, *;q=0", Registry).Contains(CodecId.None));
        Assert.True(CompressionHeaders.ParseAcceptEncoding("gzip, identity, *;q=0", Registry).Contains(CodecId.None));
        Assert.False(CompressionHeaders.ParseAcceptEncoding("gzip, *;q=0", Registry).Contains(CodecId.Zstd));
    }

    [Fact]
    public void ParseAcceptEncoding_UnknownTokensAndBadWeights_AreHarmless()
    {
        var set = CompressionHeaders.ParseAcceptEncoding("compress, , x-gzip, zstd;q=banana, ;q=0", Registry);

        Assert.Equal(CodecSet.IdentityOnly.With(CodecId.GZip).With(CodecId.Zstd), set);
    }

    [Fact]
    public void FormatAcceptEncoding_UsesTokensInOrder_AndParsesBack()
    {
        var codecs = new[] { Registry[CodecId.Lz4], Registry[CodecId.None], Registry[CodecId.Brotli], Registry[CodecId.GZip] };

        var value = CompressionHeaders.FormatAcceptEncoding(codecs);

        Assert.Equal("lz4, br, gzip", value);
        Assert.Equal(CodecSet.IdentityOnly.With(CodecId.Lz4).With(CodecId.Brotli).With(CodecId.GZip), CompressionHeaders.ParseAcceptEncoding(value, Registry));
        Assert.Equal("identity", CompressionHeaders.FormatAcceptEncoding([Registry[CodecId.None]]));
    }

    [Theory]
    [InlineData("application/soap+msbin1+gzip", "application/soap+msbin1", CodecId.GZip)]
    [InlineData("application/soap+msbin1+deflate", "application/soap+msbin1", CodecId.Deflate)]
    [InlineData("application/soap+msbinsession1+gzip", "application/soap+msbinsession1", CodecId.GZip)]
    public void TrySplitWcfMediaType_CompressedTypes(string mediaType, string plain, CodecId codec)
    {
        Assert.True(CompressionHeaders.TrySplitWcfMediaType(mediaType, Registry, out var plainType, out var found));
        Assert.Equal(plain, plainType);
        Assert.Equal(codec, found.Id);
    }

    [Theory]
    [InlineData("application/soap+msbin1")]
    [InlineData("application/soap+xml")]
    [InlineData("application/soap+msbin1+zstd")]
    [InlineData("text/xml")]
    public void TrySplitWcfMediaType_PlainTypes_AreFalse(string mediaType)
    {
        Assert.False(CompressionHeaders.TrySplitWcfMediaType(mediaType, Registry, out var plainType, out var codec));
        Assert.Equal(mediaType, plainType);
        Assert.Equal(CodecId.None, codec.Id);
    }
}
