using System.IO.Compression;
using System.Net;
using SoapRouter.Configuration;
using SoapRouter.Listening;
using SoapRouter.Tests.Support;
using SoapRouter.Wire.Bindings;

namespace SoapRouter.Tests.Listening;

public sealed class BufferBudgetTests
{
    [Fact]
    public async Task Reserve_WithinTheBudget_IsImmediate_AndDisposeGivesItBackOnce()
    {
        using var budget = new BufferBudget(1000, TimeSpan.Zero);

        var first = await budget.ReserveAsync(600, CancellationToken.None);
        var second = await budget.ReserveAsync(400, CancellationToken.None);

        Assert.NotNull(first);
        Assert.NotNull(second);
        Assert.Equal(1000, budget.InUse);
        first.Dispose();
        first.Dispose();
        Assert.Equal(400, budget.InUse);
        second.Dispose();
        Assert.Equal(0, budget.InUse);
    }

    [Fact]
    public async Task Reserve_PastTheBudget_IsRefusedAfterTheWait_AndCounted()
    {
        using var budget = new BufferBudget(1000, TimeSpan.FromMilliseconds(50));
        using var held = await budget.ReserveAsync(900, CancellationToken.None);

        var refused = await budget.ReserveAsync(200, CancellationToken.None);

        Assert.Null(refused);
        Assert.Equal(1, budget.Refused);
        Assert.Equal(900, budget.InUse);
    }

    [Fact]
    public async Task Reserve_Waiting_IsLetInWhenBytesComeFree()
    {
        using var budget = new BufferBudget(1000, TimeSpan.FromSeconds(10));
        var held = await budget.ReserveAsync(900, CancellationToken.None);

        var waiting = budget.ReserveAsync(200, CancellationToken.None).AsTask();
        Assert.False(waiting.IsCompleted);
        held!.Dispose();

        using var admitted = await waiting.WaitAsync(TimeSpan.FromSeconds(5));
        Assert.NotNull(admitted);
        Assert.Equal(200, budget.InUse);
        Assert.Equal(0, budget.Refused);
    }

    [Fact]
    public async Task Reserve_LargerThanTheWholeBudget_IsLetInAlone_Only()
    {
        using var budget = new BufferBudget(1000, TimeSpan.Zero);

        using (var alone = await budget.ReserveAsync(5000, CancellationToken.None))
        {
            Assert.NotNull(alone);
            Assert.Null(await budget.ReserveAsync(1, CancellationToken.None));
        }

        using var small = await budget.ReserveAsync(10, CancellationToken.None);
        Assert.Null(await budget.ReserveAsync(5000, CancellationToken.None));
    }

    [Fact]
    public async Task Waiters_AreLetInInTheOrderTheyCame_ASmallOneDoesNotPassALargeOne()
    {
        using var budget = new BufferBudget(1000, TimeSpan.FromSeconds(30));
        var held = await budget.ReserveAsync(900, CancellationToken.None);

        var large = budget.ReserveAsync(500, CancellationToken.None).AsTask();
        var small = budget.ReserveAsync(50, CancellationToken.None).AsTask();
        await Task.Delay(50);
        Assert.False(large.IsCompleted);
        Assert.False(small.IsCompleted); // 950 would fit, but the large one came first
        Assert.Equal(900, budget.InUse);

        held!.Dispose();
        using var first = await large;
        using var second = await small;
        Assert.NotNull(first);
        Assert.NotNull(second);
        Assert.Equal(550, budget.InUse);
    }

    [Fact]
    public async Task Waiter_WhoseWaitEnds_IsRefused_AndTheOneBehindItGoesIn()
    {
        using var budget = new BufferBudget(1000, TimeSpan.FromMilliseconds(200));
        using var held = await budget.ReserveAsync(900, CancellationToken.None);
        using var cancel = new CancellationTokenSource();

        var leaving = budget.ReserveAsync(500, cancel.Token).AsTask();
        var large = budget.ReserveAsync(400, CancellationToken.None).AsTask();
        cancel.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => leaving);

        // Still 900 held: the 400 waits out its 200 ms and is refused, counted once.
        Assert.Null(await large);
        Assert.Equal(1, budget.Refused);
        Assert.Equal(900, budget.InUse);
        using var small = await budget.ReserveAsync(100, CancellationToken.None);
        Assert.NotNull(small);
    }

    [Theory]
    [InlineData(null, 8L << 30, 2L << 30)]
    [InlineData(null, 256L << 20, 64L << 20)]
    [InlineData(null, 16L << 20, 8L << 20)]
    [InlineData(1_000_000L, 256L << 20, 1_000_000L)]
    public void Size_IsTheSettingOrAQuarterOfMemory_AndAtLeastTwoLargestMessages(long? setting, long memory, long expected) =>
        Assert.Equal(expected, BufferBudget.Size(new LimitsConfig { MaxBufferedBytes = setting }, memory));

    [Fact]
    public async Task Listener_PastTheBudget_Answers503BeforeReadingTheBody_AndServesOnceBytesAreFree()
    {
        using var release = new SemaphoreSlim(0);
        await using var backend = await HoldingBackendAsync(50_000, release);
        await using var router = await BudgetRouterAsync(backend);
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(30) };
        var address = router.Address("basic");

        using var holding = SoapMessages.Request(address, "basic", SoapMessages.Soap11(60_000));
        var held = client.SendAsync(holding);
        await Eventually.TrueAsync(() => Task.FromResult(backend.Requests.Count == 1), "the first large message reached the backend and holds its bytes");

        using var second = SoapMessages.Request(address, "basic", SoapMessages.Soap11(60_000));
        using var refused = await client.SendAsync(second);
        Assert.Equal(HttpStatusCode.ServiceUnavailable, refused.StatusCode);
        Assert.Equal(1, router.Statistics.Snapshot().Faults.RouterBusy);

        release.Release();
        using var first = await held;
        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        using var third = SoapMessages.Request(address, "basic", SoapMessages.Soap11(60_000));
        release.Release();
        using var served = await client.SendAsync(third);
        Assert.Equal(HttpStatusCode.OK, served.StatusCode);
    }

    [Fact]
    public async Task CompressedMessage_ReservesTheDecodedLengthItAnnounces_NotTheDecodingCap()
    {
        // 100,000 bytes of budget; a plain 12,000-byte message held at the backend reserves 72,000 of them.
        using var release = new SemaphoreSlim(0);
        // The router forwards the compressed messages decoded: 3,000 bytes, not held.
        await using var backend = await HoldingBackendAsync(10_000, release);
        await using var router = await BudgetRouterAsync(backend);
        using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(30) };
        var address = router.Address("basic");
        using var holding = SoapMessages.Request(address, "basic", SoapMessages.Soap11(12_000));
        var held = client.SendAsync(holding);
        await Eventually.TrueAsync(() => Task.FromResult(backend.Requests.Count == 1), "the plain message reached the backend and holds its bytes");

        // A gzip body announcing 3,000 bytes decoded reserves its compressed bytes and 6 x 3,000: it fits beside the held
        // one. Reserving the 4 MiB decoding cap (limits.maxMessageSize) would refuse it.
        var plain = SoapMessages.Soap11(3_000);
        using var announced = Gzipped(address, plain, announce: true);
        using var served = await client.SendAsync(announced);
        Assert.Equal(HttpStatusCode.OK, served.StatusCode);

        // Without the announcement it is reckoned at 4 x its compressed size, then topped up to 6 x its decoded size.
        using var unannounced = Gzipped(address, plain, announce: false);
        using var alsoServed = await client.SendAsync(unannounced);
        Assert.Equal(HttpStatusCode.OK, alsoServed.StatusCode);
        Assert.Equal(0, router.Statistics.Snapshot().Faults.RouterBusy);

        release.Release();
        using var first = await held;
        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
    }

    /// <summary>An echo backend that holds each message over <paramref name="holdAbove"/> bytes until <paramref name="release"/> (20 s at most).</summary>
    private static Task<RecordingBackend> HoldingBackendAsync(int holdAbove, SemaphoreSlim release) =>
        RecordingBackend.StartAsync(async (context, received, _) =>
        {
            if (received.Body.Length > holdAbove)
            {
                await release.WaitAsync(TimeSpan.FromSeconds(20));
            }

            context.Response.ContentType = SoapMessages.ContentType("basic");
            await context.Response.Body.WriteAsync(received.Body);
        });

    /// <summary>A router with a 100,000-byte budget in front of <paramref name="backend"/>.</summary>
    private static Task<ListeningRouter> BudgetRouterAsync(RecordingBackend backend) =>
        ListeningRouter.StartAsync(ListeningRouter.CatchAll(
            ListeningRouter.Cluster(WireBindingNames.BasicHttp, [backend.Address()]), new LimitsConfig { MaxBufferedBytes = 100_000 }));

    private static HttpRequestMessage Gzipped(Uri address, byte[] plain, bool announce)
    {
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(plain);
        }

        var request = SoapMessages.Request(address, "basic", compressed.ToArray());
        request.Content!.Headers.ContentEncoding.Add("gzip");
        if (announce)
        {
            request.Headers.TryAddWithoutValidation(SoapRouter.Wire.Compression.CompressionHeaders.OriginalLength, plain.Length.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        return request;
    }
}
