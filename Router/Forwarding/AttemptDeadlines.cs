using System.Collections.Concurrent;

namespace SoapRouter.Forwarding;

/// <summary>
/// Deadlines for buffered messages' attempts, reused: each attempt would otherwise allocate a cancellation source, its
/// timer and a linked registration (about 350 bytes per message on the verbatim path). Only deadlines nobody keeps after
/// the attempt are rented here; a streamed sender, whose transfer may report progress late, gets a deadline of its own.
/// At most <see cref="Capacity"/> are kept; past that a returned deadline is disposed. Reuse needs the system clock:
/// CancellationTokenSource.TryReset refuses a source whose timer is another TimeProvider's, so on a test's fake clock
/// every deadline is new (and behaves the same).
/// </summary>
internal sealed class AttemptDeadlines(TimeProvider time)
{
    /// <summary>Deadlines kept for reuse at most: more than attempts in flight on a busy router.</summary>
    public const int Capacity = 1024;

    private readonly ConcurrentQueue<AttemptDeadline> _free = new();
    private int _count;

    /// <summary>A deadline <paramref name="timeout"/> from now, cancelled too when <paramref name="linked"/> is; dispose it when the attempt ends.</summary>
    public AttemptDeadline Rent(TimeSpan timeout, CancellationToken linked)
    {
        if (_free.TryDequeue(out var deadline))
        {
            Interlocked.Decrement(ref _count);
        }
        else
        {
            deadline = new AttemptDeadline(time, this);
        }

        deadline.Arm(timeout, linked);
        return deadline;
    }

    /// <summary>Keeps <paramref name="deadline"/> (reset, not cancelled) for the next attempt; false when full.</summary>
    internal bool Return(AttemptDeadline deadline)
    {
        if (Interlocked.Increment(ref _count) > Capacity)
        {
            Interlocked.Decrement(ref _count);
            return false;
        }

        _free.Enqueue(deadline);
        return true;
    }
}
