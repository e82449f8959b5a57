using SoapRouter.Wire.Compression;

namespace SoapRouter.Tests.Wire.Compression;

public sealed class RatioTableTests
{
    [Fact]
    public void ActionsPastTheBound_ShareOneOverflowCellPerBucket()
    {
        var table = new RatioTable();
        for (var i = 0; i < RatioTable.MaxCells; i++)
        {
            Assert.Equal($"urn:action-{i}", table.Get($"urn:action-{i}", 5_000).Action);
        }

        var late = table.Get("urn:late", 5_000);
        var later = table.Get("urn:later", 6_000);

        Assert.Equal(RatioTable.OverflowAction, late.Action);
        Assert.Same(late, later);
        Assert.NotSame(late, table.Get("urn:late", 50_000));
        Assert.Equal("urn:action-7", table.Get("urn:action-7", 5_000).Action);
    }

    [Theory]
    [InlineData(0, 0, "1-2")]
    [InlineData(1023, 9, "512-1K")]
    [InlineData(1024, 10, "1K-2K")]
    [InlineData(150 * 1024, 17, "128K-256K")]
    [InlineData(int.MaxValue, 30, "1024M-2048M")]
    public void SizeBuckets_ArePowersOfTwo(int length, int bucket, string description)
    {
        Assert.Equal(bucket, SizeBuckets.Of(length));
        Assert.Equal(description, SizeBuckets.Describe(bucket));
    }
}
