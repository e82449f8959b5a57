using System.IO.Pipelines;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// The one timer of a connection. A deadline (the preamble timeout, the linger after a fault) or the idle rule
/// (nothing received and nothing in flight for the idle timeout) is armed at a time; when it expires the clock wakes
/// the read loop with <see cref="PipeReader.CancelPendingRead"/> and <see cref="IsExpired"/> says why. Each firing
/// re-checks the current arming against the clock, so a firing left over from an earlier arming never expires a later one.
/// </summary>
internal sealed class SessionClock : IDisposable
{
    private readonly Lock _gate = new();
    private readonly TimeProvider _time;
    private volatile PipeReader _input;
    private readonly InFlightMessages _inFlight;
    private readonly TimeSpan _idleTimeout;
    private readonly ITimer _timer;
    private Mode _mode;
    private long _armedAt;
    private TimeSpan _armedFor;
    private long _lastActivity;
    private bool _expired;

    public SessionClock(TimeProvider time, PipeReader input, InFlightMessages inFlight, TimeSpan idleTimeout)
    {
        _time = time;
        _input = input;
        _inFlight = inFlight;
        _idleTimeout = idleTimeout;
        _timer = time.CreateTimer(static state => ((SessionClock)state!).OnFired(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
    }

    private enum Mode
    {
        None,
        Deadline,
        Idle,
    }

    /// <summary>True when the armed deadline or idle rule has expired (until the clock is armed again).</summary>
    public bool IsExpired
    {
        get
        {
            lock (_gate)
            {
                return _expired;
            }
        }
    }

    /// <summary>Wakes <paramref name="input"/> from now on: the connection reads a stream upgrade's pipe (or its own again).</summary>
    public void Use(PipeReader input) => _input = input;

    /// <summary>Arms a deadline <paramref name="timeout"/> from now.</summary>
    public void StartDeadline(TimeSpan timeout) => Arm(Mode.Deadline, timeout);

    /// <summary>Arms the idle rule, counting from now.</summary>
    public void StartIdle() => Arm(Mode.Idle, _idleTimeout);

    /// <summary>Bytes arrived: the idle rule counts from now. Cheap: the timer is not touched.</summary>
    public void Touch() => Volatile.Write(ref _lastActivity, _time.GetTimestamp());

    /// <summary>The last message in flight completed: the idle rule counts from now.</summary>
    public void OnDrained()
    {
        lock (_gate)
        {
            if (_mode != Mode.Idle)
            {
                return;
            }

            _lastActivity = _time.GetTimestamp();
            _timer.Change(_idleTimeout, Timeout.InfiniteTimeSpan);
        }
    }

    /// <summary>Disarms the clock.</summary>
    public void Stop()
    {
        lock (_gate)
        {
            _mode = Mode.None;
            _expired = false;
            _timer.Change(Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
        }
    }

    public void Dispose() => _timer.Dispose();

    private void Arm(Mode mode, TimeSpan timeout)
    {
        lock (_gate)
        {
            _mode = mode;
            _expired = false;
            _armedAt = _time.GetTimestamp();
            _armedFor = timeout;
            _lastActivity = _armedAt;
            _timer.Change(timeout, Timeout.InfiniteTimeSpan);
        }
    }

    private void OnFired()
    {
        lock (_gate)
        {
            if (_mode == Mode.None || _expired)
            {
                return;
            }

            if (_mode == Mode.Idle && _inFlight.Count > 0)
            {
                // Messages in flight are not idleness; the last one to finish re-arms the rule (OnDrained).
                return;
            }

            var since = _mode == Mode.Idle ? Volatile.Read(ref _lastActivity) : _armedAt;
            var remaining = _armedFor - _time.GetElapsedTime(since);
            if (remaining > TimeSpan.Zero)
            {
                _timer.Change(remaining, Timeout.InfiniteTimeSpan);
                return;
            }

            _expired = true;
        }

        _input.CancelPendingRead();
    }
}
