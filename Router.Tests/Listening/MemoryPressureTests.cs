using Microsoft.Extensions.Logging.Abstractions;
using SoapRouter.Configuration;
using SoapRouter.Listening;
using SoapRouter.Tests.Configuration;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Listening;

public sealed class MemoryPressureTests
{
    private const long Mb = 1 << 20;

    private sealed class Memory
    {
        public long Resident { get; set; } = 100 * Mb;

        public int Collections { get; set; }

        /// <summary>What a collection gives back (the resident memory it sets), or null when it frees nothing.</summary>
        public long? AfterCollection { get; set; }

        public void Collect()
        {
            Collections++;
            Resident = AfterCollection ?? Resident;
        }

        public MemoryReading Read() => new(10 * Mb, 150 * Mb, Resident, 256 * Mb);
    }

    private static MemoryPressure Watch(Memory memory, FakeTimeProvider clock) =>
        new(0.85, 0.75, memory.Read, memory.Collect, clock, NullLogger.Instance);

    [Fact]
    public void OverTheHighWatermark_HoldsBack_CollectsOnce_AndLetsGoOnlyAtTheLowOne()
    {
        var clock = new FakeTimeProvider();
        var memory = new Memory();
        using var pressure = Watch(memory, clock);
        var relieved = 0;
        pressure.Relieved += () => relieved++;
        Assert.False(pressure.IsHigh);

        memory.Resident = 230 * Mb; // 0.90 of 256 MB
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.True(pressure.IsHigh);
        Assert.Equal(1, memory.Collections);
        Assert.Equal(1, pressure.HighCount);
        Assert.Contains("resident 230 MB of the container's 256 MB", pressure.Describe(), StringComparison.Ordinal);

        memory.Resident = 200 * Mb; // 0.78: between the watermarks, still high
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.True(pressure.IsHigh);
        Assert.Equal(0, relieved);

        memory.Resident = 190 * Mb; // 0.74
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.False(pressure.IsHigh);
        Assert.Equal(1, relieved);
    }

    [Fact]
    public void OverTheHighWatermark_OnGarbage_CollectsAndReadsAgain_WithoutHoldingBack()
    {
        // The reading after a young collection counts the old generation's garbage: one full collection frees it, and the
        // gate must not shut on what it freed.
        var clock = new FakeTimeProvider();
        var memory = new Memory();
        using var pressure = Watch(memory, clock);

        memory.Resident = 235 * Mb; // 0.92
        memory.AfterCollection = 150 * Mb; // 0.59 once the garbage is gone
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.False(pressure.IsHigh);
        Assert.Equal(1, memory.Collections);
        Assert.Equal(0, pressure.HighCount);
        Assert.Contains("resident 150 MB", pressure.Describe(), StringComparison.Ordinal);

        // Garbage again before the interval is over: no second collection yet, so the gate shuts on the reading it has.
        memory.Resident = 235 * Mb;
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.True(pressure.IsHigh);
        Assert.Equal(1, memory.Collections);

        // The next collection (one interval after the first) frees it and the same sample opens the gate.
        var relieved = 0;
        pressure.Relieved += () => relieved++;
        clock.Advance(MemoryPressure.CollectInterval);
        Assert.Equal(2, memory.Collections);
        Assert.False(pressure.IsHigh);
        Assert.Equal(1, relieved);
    }

    [Fact]
    public void Collections_AreAtMostOnePerInterval()
    {
        var clock = new FakeTimeProvider();
        var memory = new Memory();
        using var pressure = Watch(memory, clock);

        for (var i = 0; i < 3; i++)
        {
            memory.Resident = 240 * Mb;
            clock.Advance(MemoryPressure.SampleInterval);
            memory.Resident = 100 * Mb;
            clock.Advance(MemoryPressure.SampleInterval);
        }

        Assert.Equal(3, pressure.HighCount);
        Assert.Equal(1, memory.Collections);
        clock.Advance(MemoryPressure.CollectInterval);
        memory.Resident = 240 * Mb;
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.Equal(2, memory.Collections);
    }

    [Fact]
    public void WhileHigh_ItCollectsAgainEveryInterval_SoTheGateOpensOnceGarbageIsGone()
    {
        // With new messages held back nothing allocates, no collection comes by itself and the reading would not move.
        var clock = new FakeTimeProvider();
        var memory = new Memory();
        using var pressure = Watch(memory, clock);
        memory.Resident = 240 * Mb;
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.True(pressure.IsHigh);
        Assert.Equal(1, memory.Collections);

        clock.Advance(MemoryPressure.CollectInterval - MemoryPressure.SampleInterval);
        Assert.Equal(1, memory.Collections);
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.Equal(2, memory.Collections);
        clock.Advance(MemoryPressure.CollectInterval);
        Assert.Equal(3, memory.Collections);
        Assert.Equal(1, pressure.HighCount);

        memory.Resident = 150 * Mb; // what the last collection gave back
        clock.Advance(MemoryPressure.SampleInterval);
        Assert.False(pressure.IsHigh);
        clock.Advance(MemoryPressure.CollectInterval * 2);
        Assert.Equal(3, memory.Collections);
    }

    [Fact]
    public void Load_IsTheLargerOfResidentAndManaged_AndManagedAloneOutsideAContainer()
    {
        Assert.Equal(0.5, new MemoryReading(75 * Mb, 150 * Mb, 64 * Mb, 256 * Mb).Load, 3);
        Assert.Equal(0.9, new MemoryReading(15 * Mb, 150 * Mb, (long)(230.4 * Mb), 256 * Mb).Load, 3);
        Assert.Equal(0.1, new MemoryReading(15 * Mb, 150 * Mb, null, null).Load, 3);
    }

    [Fact]
    public void ConnectionCapacity_IsWhatTheContainerHoldsUnderTheHighWatermark_AtTheCostOfABusyTlsConnection()
    {
        // 128 MB container, 45 MB in use at start; the GC may use 57 MB, 8 MB of it in use: the resident room binds.
        Assert.Equal(408, MemoryPressure.CapacityFrom(new MemoryReading(8 * Mb, 57 * Mb, 45 * Mb, 128 * Mb), 0.85));
        // 256 MB (the compose stack's): room for the soak's 1,000 TLS clients.
        Assert.Equal(1104, MemoryPressure.CapacityFrom(new MemoryReading(8 * Mb, 115 * Mb, 45 * Mb, 256 * Mb), 0.85));
        // A small GC heap binds before the container does.
        Assert.Equal(147, MemoryPressure.CapacityFrom(new MemoryReading(8 * Mb, 23 * Mb, 45 * Mb, 256 * Mb), 0.85));
        Assert.Equal(MemoryPressure.MinimumConnections, MemoryPressure.CapacityFrom(new MemoryReading(8 * Mb, 57 * Mb, 120 * Mb, 128 * Mb), 0.85));
        Assert.Null(MemoryPressure.CapacityFrom(new MemoryReading(8 * Mb, 57 * Mb, null, null), 0.85));
    }

    [Fact]
    public async Task AtTheConnectionCapacity_AcceptsWait_UntilOneCloses_WhileMemoryIsNotHigh()
    {
        var clock = new FakeTimeProvider();
        using var pressure = Watch(new Memory(), clock); // 100 MB of 256 MB at start
        var capacity = (int)pressure.ConnectionCapacity!.Value;
        Assert.Equal(752, capacity);
        var open = capacity;

        var waiting = pressure.WaitForRoomAsync(() => Volatile.Read(ref open), CancellationToken.None).AsTask();
        clock.Advance(TimeSpan.FromSeconds(3));
        Assert.False(waiting.IsCompleted);
        Assert.False(pressure.IsHigh);
        Assert.True(pressure.ShouldHoldAccepts(capacity));
        Assert.False(pressure.ShouldHoldAccepts(capacity - 1));

        Volatile.Write(ref open, capacity - 1);
        await Eventually.TrueAsync(() =>
        {
            clock.Advance(MemoryPressure.SampleInterval);
            return Task.FromResult(waiting.IsCompleted);
        }, "accepting did not resume once a connection closed");
        await waiting;
        Assert.Equal(1, pressure.AcceptPauses);
    }

    [Fact]
    public async Task Budget_WhileMemoryIsHigh_LetsInOneMessageAtATime_RefusesTheRestAfterTheWait_AndWaitersGoOnWhenRelieved()
    {
        // One at a time, not none: with 1,000 clients connected the memory held with nothing in flight sat between the
        // watermarks (0.79 of the container in the soak), and a gate that let nothing in never saw it fall.
        var clock = new FakeTimeProvider();
        var memory = new Memory { Resident = 240 * Mb };
        using var pressure = Watch(memory, clock);
        using var refusing = new BufferBudget(1000, TimeSpan.FromMilliseconds(20), pressure);
        using var waiting = new BufferBudget(1000, TimeSpan.FromSeconds(30), pressure);

        var alone = await refusing.ReserveAsync(10, CancellationToken.None);
        var refused = await refusing.ReserveAsync(10, CancellationToken.None);
        var first = await waiting.ReserveAsync(10, CancellationToken.None);
        var second = waiting.ReserveAsync(10, CancellationToken.None).AsTask();
        var third = waiting.ReserveAsync(10, CancellationToken.None).AsTask();
        await Task.Delay(50);
        Assert.NotNull(alone);
        Assert.Null(refused);
        Assert.Equal(1, refusing.RefusedForMemory);
        Assert.NotNull(first);
        Assert.False(second.IsCompleted);
        Assert.False(third.IsCompleted);

        first.Dispose(); // still high: the next one in line goes, alone
        await Eventually.TrueAsync(() => Task.FromResult(second.IsCompleted || third.IsCompleted), "no waiter went on when the message in flight ended");
        await Task.Delay(50);
        Assert.Equal(10, waiting.InUse);

        memory.Resident = 100 * Mb;
        clock.Advance(MemoryPressure.SampleInterval);
        using var admittedSecond = await second.WaitAsync(TimeSpan.FromSeconds(10));
        using var admittedThird = await third.WaitAsync(TimeSpan.FromSeconds(10));
        alone!.Dispose();

        Assert.NotNull(admittedSecond);
        Assert.NotNull(admittedThird);
        Assert.Equal(20, waiting.InUse);
        var snapshot = waiting.Snapshot();
        Assert.NotNull(snapshot.Memory);
        Assert.False(snapshot.Memory.High);
        Assert.Equal(1, snapshot.Memory.TimesHigh);
    }

    [Theory]
    [InlineData(0.0, 0.5, "limits.memoryHighWatermark", "must be a fraction above 0 and at most 1")]
    [InlineData(1.2, 0.5, "limits.memoryHighWatermark", "must be a fraction above 0 and at most 1")]
    [InlineData(0.8, 0.8, "limits.memoryLowWatermark", "must be a fraction above 0 and below memoryHighWatermark 0.8")]
    public void Checker_RefusesWatermarksOutOfOrder(double high, double low, string path, string message) =>
        TestConfigs.AssertSingleError(
            TestConfigs.Valid() with { Limits = new LimitsConfig { MemoryHighWatermark = high, MemoryLowWatermark = low } }, path, message);

    [Fact]
    public void Checker_RefusesANonPositiveQueueTimeout() =>
        TestConfigs.AssertSingleError(
            TestConfigs.Valid() with { Limits = new LimitsConfig { QueueTimeout = TimeSpan.Zero } }, "limits.queueTimeout", "must be greater than 00:00:00");
}
