using SoapRouter.Tests.Support;
using SoapRouter.Wire.Encoding;

namespace SoapRouter.Tests.Wire.Encoding;

/// <summary>MessageBufferPool: which pool an array comes from, and a large one that meets the heap's limit.</summary>
public sealed class MessageBufferPoolTests
{
    private const int Large = MessageBufferPool.LargestPooled + 1;

    [Fact]
    public void LargeArray_WhoseAllocationMeetsTheHeapLimit_ComesAfterOneCollection()
    {
        var allocations = 0;
        var collections = 0;
        var pool = new MessageBufferPool(
            length => ++allocations == 1 ? throw HeapLimit.Met() : new byte[length],
            () => collections++);

        var array = pool.Rent(Large);

        Assert.True(array.Length >= Large, $"length {array.Length}");
        Assert.Equal(2, allocations);
        Assert.Equal(1, collections);
        Assert.Equal(1, pool.RetriedAllocations);
    }

    [Fact]
    public void LargeArray_ThatFailsAfterTheCollectionToo_GoesOnToTheCaller()
    {
        var allocations = 0;
        var collections = 0;
        var pool = new MessageBufferPool(
            _ =>
            {
                allocations++;
                throw HeapLimit.Met();
            },
            () => collections++);

        Assert.Throws<OutOfMemoryException>(() => pool.Rent(Large));
        Assert.Equal(2, allocations);
        Assert.Equal(1, collections);
        Assert.Equal(0, pool.RetriedAllocations);
    }

    [Fact]
    public void LargeArray_AllocatedAtOnce_NoCollection()
    {
        var collections = 0;
        var pool = new MessageBufferPool(length => new byte[length], () => collections++);

        Assert.Equal(Large, pool.Rent(Large).Length);
        Assert.Equal(0, collections);
    }

    [Theory]
    [InlineData(1024)]
    [InlineData(MessageBufferPool.LargestPooled)]
    public void PooledSizes_NeverReachTheAllocator(int length)
    {
        var pool = new MessageBufferPool(_ => throw new InvalidOperationException("a pooled size was allocated"), () => { });

        var array = pool.Rent(length);

        Assert.True(array.Length >= length, $"length {array.Length}");
        pool.Return(array);
    }
}
