namespace SoapRouter.Tests.Support;

public sealed class FakeTimeProviderTimerTests
{
    [Fact]
    public void Advance_PastDueTime_FiresOneShotTimerOnce()
    {
        var clock = new FakeTimeProvider();
        var fired = 0;
        using var timer = clock.CreateTimer(_ => fired++, null, TimeSpan.FromSeconds(2), Timeout.InfiniteTimeSpan);

        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(0, fired);
        clock.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(1, fired);
        clock.Advance(TimeSpan.FromSeconds(5));
        Assert.Equal(1, fired);
    }

    [Fact]
    public void Advance_OverSeveralPeriods_FiresPeriodicTimerEachPeriod()
    {
        var clock = new FakeTimeProvider();
        var fired = 0;
        using var timer = clock.CreateTimer(_ => fired++, null, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1));

        clock.Advance(TimeSpan.FromSeconds(3.5));

        Assert.Equal(3, fired);
    }

    [Fact]
    public void Advance_AfterDispose_DoesNotFire()
    {
        var clock = new FakeTimeProvider();
        var fired = 0;
        var timer = clock.CreateTimer(_ => fired++, null, TimeSpan.FromSeconds(1), Timeout.InfiniteTimeSpan);
        timer.Dispose();

        clock.Advance(TimeSpan.FromSeconds(2));

        Assert.Equal(0, fired);
        Assert.False(timer.Change(TimeSpan.Zero, Timeout.InfiniteTimeSpan));
    }

    [Fact]
    public async Task TaskDelay_WithFakeClock_CompletesOnlyAfterAdvance()
    {
        var clock = new FakeTimeProvider();
        var delay = Task.Delay(TimeSpan.FromMinutes(1), clock);

        clock.Advance(TimeSpan.FromSeconds(59));
        Assert.False(delay.IsCompleted);
        clock.Advance(TimeSpan.FromSeconds(1));

        await delay.WaitAsync(TimeSpan.FromSeconds(5));
        Assert.True(delay.IsCompletedSuccessfully);
    }
}
