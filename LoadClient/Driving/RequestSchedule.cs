using System.Diagnostics;

namespace LoadClient.Driving;

/// <summary>
/// Hands out requests to workers until a phase is over: a fixed count, or until a deadline; back to back (closed model)
/// or, with a rate, each at its own scheduled time (open model).
/// </summary>
internal abstract class RequestSchedule
{
    /// <summary>
    /// True when the caller should send one more request; <paramref name="scheduled"/> is the <see cref="Stopwatch"/>
    /// timestamp it is due at, or 0 to send at once.
    /// </summary>
    public abstract bool TryTake(out long scheduled);

    /// <summary>A phase of exactly <paramref name="count"/> requests across all workers, back to back.</summary>
    public static RequestSchedule Count(long count) => new CountSchedule(count);

    /// <summary>A phase that starts requests back to back until <paramref name="duration"/> from now has passed.</summary>
    public static RequestSchedule For(TimeSpan duration) =>
        new DeadlineSchedule(Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency));

    /// <summary>
    /// <paramref name="perSecond"/> requests a second from <paramref name="start"/> (a timestamp), request i due at
    /// start + i / rate; <paramref name="count"/> of them, or as many as are due before <paramref name="duration"/> is over.
    /// </summary>
    public static RequestSchedule Paced(double perSecond, long start, long? count, TimeSpan? duration, long ticksPerSecond)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(perSecond);
        long? deadline = duration is { } d ? start + (long)(d.TotalSeconds * ticksPerSecond) : null;
        return new PacedSchedule(start, ticksPerSecond / perSecond, count, deadline);
    }

    private sealed class CountSchedule(long count) : RequestSchedule
    {
        private long _remaining = count;

        public override bool TryTake(out long scheduled)
        {
            scheduled = 0;
            return Interlocked.Decrement(ref _remaining) >= 0;
        }
    }

    private sealed class DeadlineSchedule(long deadline) : RequestSchedule
    {
        public override bool TryTake(out long scheduled)
        {
            scheduled = 0;
            return Stopwatch.GetTimestamp() < deadline;
        }
    }

    private sealed class PacedSchedule(long start, double ticksPerRequest, long? count, long? deadline) : RequestSchedule
    {
        private long _next = -1;

        public override bool TryTake(out long scheduled)
        {
            var index = Interlocked.Increment(ref _next);

            // Computed from the index, not by adding intervals, so rounding never drifts the schedule.
            scheduled = start + (long)(index * ticksPerRequest);
            return (count is not { } n || index < n) && (deadline is not { } end || scheduled < end);
        }
    }
}
