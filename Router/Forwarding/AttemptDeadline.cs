namespace SoapRouter.Forwarding;

/// <summary>
/// The deadline of one forwarding attempt: a token that the timeout (on the injected clock) or the caller's token cancels.
/// A buffered message's attempt must end within the timeout; a streamed one may take as long as its bytes keep moving, so
/// its sender reports <see cref="Progress"/> and the timeout counts from the last progress (it is re-armed at most eight
/// times per timeout, so reporting every chunk costs a timestamp read).
/// </summary>
internal sealed class AttemptDeadline : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly CancellationTokenRegistration _link;
    private readonly TimeSpan _timeout;
    private readonly TimeProvider _time;
    private readonly long _rearmTicks;
    private long _armedAt;

    /// <summary>A deadline <paramref name="timeout"/> from now on <paramref name="time"/>, cancelled too when <paramref name="linked"/> is.</summary>
    public AttemptDeadline(TimeSpan timeout, TimeProvider time, CancellationToken linked)
    {
        ArgumentNullException.ThrowIfNull(time);
        _timeout = timeout;
        _time = time;
        _source = new CancellationTokenSource(timeout, time);
        _rearmTicks = (long)(timeout.TotalSeconds / 8 * time.TimestampFrequency);
        _armedAt = time.GetTimestamp();
        _link = linked.UnsafeRegister(static state => ((CancellationTokenSource)state!).Cancel(), _source);
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

    /// <inheritdoc />
    public void Dispose()
    {
        _link.Dispose();
        _source.Dispose();
    }
}
