using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class CodecRegistryTests
{
    [Theory]
    [InlineData("none", "identity", CodecId.None)]
    [InlineData("lz4", "lz4", CodecId.Lz4)]
    [InlineData("deflate", "deflate", CodecId.Deflate)]
    [InlineData("gzip", "gzip", CodecId.GZip)]
    [InlineData("brotli", "br", CodecId.Brotli)]
    [InlineData("zstd", "zstd", CodecId.Zstd)]
    public void Default_FindsEachCodec_ByName_Token_AndId(string name, string token, CodecId id)
    {
        var registry = CodecRegistry.Default;

        Assert.True(registry.TryGetByName(name.ToUpperInvariant(), out var byName));
        Assert.True(registry.TryGetByToken(token.ToUpperInvariant(), out var byToken));
        Assert.True(registry.TryGetById(id, out var byId));
        Assert.Same(byName, byToken);
        Assert.Same(byName, byId);
        Assert.Equal(id, byName.Id);
        Assert.True(registry.AllCodecs.Contains(id));
    }

    [Fact]
    public void UnknownNamesTokensAndIds_AreNotFound()
    {
        var registry = CodecRegistry.Default;

        Assert.False(registry.TryGetByName("snappy", out _));
        Assert.False(registry.TryGetByToken("compress", out _));
        Assert.False(registry.TryGetById((CodecId)42, out _));
        Assert.Throws<ArgumentOutOfRangeException>(() => registry[(CodecId)42]);
    }

    [Fact]
    public void Constructor_RefusesADuplicateId()
    {
        Assert.Throws<ArgumentException>(() => new CodecRegistry([new GZipCodec(), new GZipCodec()]));
    }

    [Fact]
    public void CodecSet_AddsRemovesAndIntersects()
    {
        var set = CodecSet.Of(CodecId.Lz4).With(CodecId.Zstd);

        Assert.True(set.Contains(CodecId.Lz4));
        Assert.False(set.Contains(CodecId.GZip));
        Assert.False(set.Without(CodecId.Lz4).Contains(CodecId.Lz4));
        Assert.Equal(CodecSet.Of(CodecId.Zstd), set.Intersect(CodecSet.Of(CodecId.Zstd).With(CodecId.Brotli)));
        Assert.True(CodecSet.Empty.IsEmpty);
    }
}
