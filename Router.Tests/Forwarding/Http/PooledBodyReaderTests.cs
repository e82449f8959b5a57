using SoapRouter.Forwarding.Http;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding.Http;

public sealed class PooledBodyReaderTests
{
    private readonly CountingArrayPool _pool = new();

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(16 * 1024)]
    [InlineData(100_000)]
    public async Task Read_UnknownLengthWithinLimit_ReturnsEveryByteInOneRentedBuffer(int size)
    {
        var bytes = Bytes(size);

        var body = await PooledBodyReader.ReadAsync(new TrickleStream(bytes, 777), null, 100_000, _pool, CancellationToken.None);

        Assert.False(body.TooLarge);
        Assert.Equal(bytes, body.Buffer.AsSpan(0, body.Length).ToArray());
        Assert.Equal(size == 0 ? 0 : 1, _pool.Outstanding);
    }

    [Fact]
    public async Task Read_KnownLength_RentsOnce()
    {
        var bytes = Bytes(50_000);

        var body = await PooledBodyReader.ReadAsync(new TrickleStream(bytes, 4096), bytes.Length, 100_000, _pool, CancellationToken.None);

        Assert.Equal(bytes, body.Buffer.AsSpan(0, body.Length).ToArray());
        Assert.Equal(1, _pool.Rents);
    }

    [Fact]
    public async Task Read_LargeDeclaredLength_GrowsWithWhatArrives_NotWithWhatWasDeclared()
    {
        var bytes = Bytes(1_000_000);
        var stream = new TrickleStream(bytes, 64 * 1024) { FailAfter = 100_000 };

        // A client that declares a megabyte and sends a tenth of it holds a 256 KiB buffer, not a megabyte.
        await Assert.ThrowsAsync<IOException>(() => PooledBodyReader.ReadAsync(stream, bytes.Length, 4_000_000, _pool, CancellationToken.None).AsTask());
        Assert.Equal(1, _pool.Rents);
        Assert.Equal(0, _pool.Outstanding);

        var body = await PooledBodyReader.ReadAsync(new TrickleStream(bytes, 64 * 1024), bytes.Length, 4_000_000, _pool, CancellationToken.None);
        Assert.Equal(bytes, body.Buffer.AsSpan(0, body.Length).ToArray());
        Assert.Equal(1_000_000, body.Buffer.Length);
    }

    [Fact]
    public async Task Read_KnownLengthOverLimit_RefusesWithoutReadingOrRenting()
    {
        var stream = new TrickleStream(Bytes(10), 10);

        var body = await PooledBodyReader.ReadAsync(stream, 100_001, 100_000, _pool, CancellationToken.None);

        Assert.True(body.TooLarge);
        Assert.Equal(0, _pool.Rents);
        Assert.Equal(0, stream.Position);
    }

    [Fact]
    public async Task Read_UnknownLengthOneByteOverLimit_RefusesAndReturnsEveryBuffer()
    {
        var body = await PooledBodyReader.ReadAsync(new TrickleStream(Bytes(100_001), 1000), null, 100_000, _pool, CancellationToken.None);

        Assert.True(body.TooLarge);
        Assert.Equal(0, body.Length);
        Assert.Equal(0, _pool.Outstanding);
    }

    [Fact]
    public async Task Read_StreamFailsMidway_ReturnsTheBufferAndRethrows()
    {
        var stream = new TrickleStream(Bytes(50_000), 1000) { FailAfter = 20_000 };

        await Assert.ThrowsAsync<IOException>(() => PooledBodyReader.ReadAsync(stream, null, 100_000, _pool, CancellationToken.None).AsTask());

        Assert.Equal(0, _pool.Outstanding);
    }

    private static byte[] Bytes(int size)
    {
        var bytes = new byte[size];
        new Random(size).NextBytes(bytes);
        return bytes;
    }
}
