using System.Diagnostics;

namespace LoadClient.Driving;

/// <summary>Hands out requests to workers until a phase is over: a fixed count, or until a deadline.</summary>
internal abstract class RequestSchedule
{
    /// <summary>True when the caller should send one more request.</summary>
    public abstract bool TryTake();

    /// <summary>A phase of exactly <paramref name="count"/> requests across all workers.</summary>
    public static RequestSchedule Count(long count) => new CountSchedule(count);

    /// <summary>A phase that starts requests until <paramref name="duration"/> from now has passed.</summary>
    public static RequestSchedule For(TimeSpan duration) =>
        new DeadlineSchedule(Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency));

    private sealed class CountSchedule(long count) : RequestSchedule
    {
        private long _remaining = count;

        public override bool TryTake() => Interlocked.Decrement(ref _remaining) >= 0;
    }

    private sealed class DeadlineSchedule(long deadline) : RequestSchedule
    {
        public override bool TryTake() => Stopwatch.GetTimestamp() < deadline;
    }
}
