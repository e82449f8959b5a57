using SoapRouter.Configuration;

namespace SoapRouter.Forwarding;

/// <summary>
/// The deadline of one forwarding attempt: a token that the timeout (on the injected clock) or the caller's token cancels.
/// A buffered message's attempt must end within the timeout; a streamed one may take as long as its bytes keep moving, so
/// its sender reports <see cref="Progress"/> and the timeout counts from the last progress (it is re-armed at most eight
/// times per timeout, so reporting every chunk costs a timestamp read). A deadline rented from
/// <see cref="AttemptDeadlines"/> goes back to it on <see cref="Dispose"/> when it was not cancelled, so the next attempt
/// reuses its source and timer instead of allocating both.
/// </summary>
internal sealed class AttemptDeadline : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly TimeProvider _time;
    private readonly AttemptDeadlines? _pool;
    private CancellationTokenRegistration _link;
    private TimeSpan _timeout;
    private long _rearmTicks;
    private long _armedAt;

    /// <summary>A deadline <paramref name="timeout"/> from now on <paramref name="time"/>, cancelled too when <paramref name="linked"/> is.</summary>
    public AttemptDeadline(TimeSpan timeout, TimeProvider time, CancellationToken linked)
        : this(time, pool: null)
    {
        Arm(timeout, linked);
    }

    /// <summary>An unarmed deadline that returns to <paramref name="pool"/> (null: to none) when disposed.</summary>
    internal AttemptDeadline(TimeProvider time, AttemptDeadlines? pool)
    {
        _time = time;
        _pool = pool;
        // Made with a timer of the injected clock (a day: re-armed at once), which CancelAfter moves from then on.
        _source = new CancellationTokenSource(ClusterConfig.MaxTimeout, time);
    }

    /// <summary>Cancelled when the deadline passes or the linked token is cancelled.</summary>
    public CancellationToken Token => _source.Token;

    /// <summary>Bytes moved: the timeout counts from now (re-armed when an eighth of it has passed since it last was).</summary>
    public void Progress()
    {
        var now = _time.GetTimestamp();
        var armed = Volatile.Read(ref _armedAt);
        if (now - armed < _rearmTicks || Interlocked.CompareExchange(ref _armedAt, now, armed) != armed)
        {
            return;
        }

        try
        {
            _source.CancelAfter(_timeout);
        }
        catch (ObjectDisposedException)
        {
            // The attempt is over; a late chunk has nothing left to extend.
        }
    }

    /// <summary>Starts the deadline: <paramref name="timeout"/> from now, or when <paramref name="linked"/> is cancelled.</summary>
    internal void Arm(TimeSpan timeout, CancellationToken linked)
    {
        _timeout = timeout;
        _rearmTicks = (long)(timeout.TotalSeconds / 8 * _time.TimestampFrequency);
        _armedAt = _time.GetTimestamp();
        _source.CancelAfter(timeout);
        _link = linked.UnsafeRegister(static state => ((CancellationTokenSource)state!).Cancel(), _source);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        // Waits for a running cancellation callback of the linked token, so none can reach the source once it is reused.
        _link.Dispose();
        _link = default;
        if (_pool is null || !_source.TryReset() || !_pool.Return(this))
        {
            _source.Dispose();
        }
    }
}
