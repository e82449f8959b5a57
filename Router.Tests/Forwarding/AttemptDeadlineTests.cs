using SoapRouter.Forwarding;
using SoapRouter.Tests.Support;

namespace SoapRouter.Tests.Forwarding;

/// <summary>The attempt deadline: a fixed timeout for buffered messages, counted from the last progress for streamed ones.</summary>
public sealed class AttemptDeadlineTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(8);

    [Fact]
    public void NoProgress_FiresAtTheTimeout()
    {
        var clock = new FakeTimeProvider();
        using var deadline = new AttemptDeadline(Timeout, clock, CancellationToken.None);

        clock.Advance(Timeout - TimeSpan.FromMilliseconds(1));
        Assert.False(deadline.Token.IsCancellationRequested);
        clock.Advance(TimeSpan.FromMilliseconds(1));

        Assert.True(deadline.Token.IsCancellationRequested);
    }

    [Fact]
    public void Progress_EveryTwoSeconds_KeepsItAlivePastManyTimeouts_ThenItFiresATimeoutAfterTheLast()
    {
        var clock = new FakeTimeProvider();
        using var deadline = new AttemptDeadline(Timeout, clock, CancellationToken.None);

        for (var i = 0; i < 20; i++)
        {
            clock.Advance(TimeSpan.FromSeconds(2));
            deadline.Progress();
        }

        Assert.False(deadline.Token.IsCancellationRequested);
        clock.Advance(Timeout - TimeSpan.FromMilliseconds(1));
        Assert.False(deadline.Token.IsCancellationRequested);
        clock.Advance(TimeSpan.FromMilliseconds(1));
        Assert.True(deadline.Token.IsCancellationRequested);
    }

    [Fact]
    public void Progress_WithinAnEighthOfTheTimeout_DoesNotReArm()
    {
        var clock = new FakeTimeProvider();
        using var deadline = new AttemptDeadline(Timeout, clock, CancellationToken.None);

        // Re-armed at most once per eighth of the timeout (1 s here): progress 0.5 s in leaves the first deadline.
        clock.Advance(TimeSpan.FromMilliseconds(500));
        deadline.Progress();
        clock.Advance(Timeout - TimeSpan.FromMilliseconds(500));

        Assert.True(deadline.Token.IsCancellationRequested);
    }

    [Fact]
    public void LinkedToken_CancelsIt()
    {
        using var client = new CancellationTokenSource();
        using var deadline = new AttemptDeadline(Timeout, new FakeTimeProvider(), client.Token);

        client.Cancel();

        Assert.True(deadline.Token.IsCancellationRequested);
    }

    // CancellationTokenSource.TryReset resets only a source whose timer is the system's: the reuse tests run on the real
    // clock (with timeouts long enough never to fire, or waited for), and a fake clock's deadlines are never reused.
    [Fact]
    public async Task Rented_ThenDisposed_IsReused_AndFiresAtItsNewTimeout()
    {
        var deadlines = new AttemptDeadlines(TimeProvider.System);
        var first = deadlines.Rent(TimeSpan.FromMinutes(10), CancellationToken.None);
        first.Dispose();

        using var second = deadlines.Rent(TimeSpan.FromMilliseconds(50), CancellationToken.None);

        Assert.Same(first, second);
        await Eventually.TrueAsync(() => Task.FromResult(second.Token.IsCancellationRequested), "the reused deadline did not fire at its new timeout");
    }

    [Fact]
    public void Rented_TheFirstLinkedTokenCancelledAfterItsReturn_DoesNotReachTheNextRent()
    {
        var deadlines = new AttemptDeadlines(TimeProvider.System);
        using var firstClient = new CancellationTokenSource();
        var first = deadlines.Rent(TimeSpan.FromMinutes(10), firstClient.Token);
        first.Dispose();

        using var second = deadlines.Rent(TimeSpan.FromMinutes(10), CancellationToken.None);
        firstClient.Cancel();

        Assert.Same(first, second);
        Assert.False(second.Token.IsCancellationRequested);
    }

    [Fact]
    public async Task Rented_ThatFired_IsNotReused()
    {
        var deadlines = new AttemptDeadlines(TimeProvider.System);
        var fired = deadlines.Rent(TimeSpan.FromMilliseconds(1), CancellationToken.None);
        await Eventually.TrueAsync(() => Task.FromResult(fired.Token.IsCancellationRequested), "the deadline did not fire");
        fired.Dispose();

        using var next = deadlines.Rent(TimeSpan.FromMinutes(10), CancellationToken.None);

        Assert.NotSame(fired, next);
        Assert.False(next.Token.IsCancellationRequested);
    }

    [Fact]
    public void Rented_OnAFakeClock_IsNotReused_AndStillFiresAtItsTimeout()
    {
        var clock = new FakeTimeProvider();
        var deadlines = new AttemptDeadlines(clock);
        var first = deadlines.Rent(Timeout, CancellationToken.None);
        first.Dispose();

        using var second = deadlines.Rent(Timeout, CancellationToken.None);
        Assert.NotSame(first, second);
        clock.Advance(Timeout - TimeSpan.FromMilliseconds(1));
        Assert.False(second.Token.IsCancellationRequested);
        clock.Advance(TimeSpan.FromMilliseconds(1));

        Assert.True(second.Token.IsCancellationRequested);
    }
}
