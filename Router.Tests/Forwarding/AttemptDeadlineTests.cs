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
}
