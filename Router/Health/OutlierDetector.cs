using System.Globalization;
using SoapRouter.Configuration;

namespace SoapRouter.Health;

/// <summary>
/// Passive health of one destination, Envoy's outlier detection in a small state machine: in, ejected until a time, or
/// on trial. Attempts are judged one by one (<see cref="OutlierVerdict"/>); the destination is ejected when
/// <c>consecutiveFailures</c> of them fail in a row, or when <c>failureRatio</c> of at least <c>minimumThroughput</c>
/// attempts in the window fail. When the ejection runs out one attempt is let through as a trial: a good answer readmits
/// the destination (with a clean record), a bad one ejects it again for twice as long, up to <c>maxEjectionTime</c>. The
/// window also keeps the destination's answer times, which the latency judgement compares across a cluster.
/// Thread-safe; a judged attempt costs a few interlocked adds, transitions take a lock.
/// </summary>
/// <param name="config">What the detector judges by.</param>
/// <param name="time">Its clock.</param>
internal sealed class OutlierDetector(OutlierDetectionConfig config, TimeProvider time)
{
    private const int Attempts = 0;
    private const int Failures = 1;
    private const int Answers = 2;
    private const int AnswerTicks = 3;

    private const int Closed = 0;
    private const int Ejected = 1;
    private const int OnTrial = 2;

    private readonly OutlierDetectionConfig _config = config;
    private readonly TimeProvider _time = time;
    private readonly RollingCounts _window = new(config.SamplingDuration, 4, time);
    private readonly Lock _gate = new();
    private volatile int _state;
    private int _consecutive;
    private bool _trialOut;
    private long _ejectedUntilTicks;
    private int _ejectionsInARow;
    private long _ejections;

    /// <summary>True while ejected and the ejection has not run out.</summary>
    public bool IsEjectedNow => _state == Ejected && _time.GetUtcNow().UtcTicks < Interlocked.Read(ref _ejectedUntilTicks);

    /// <summary>When the current ejection ends, in UTC ticks; 0 when not ejected (on trial included).</summary>
    public long EjectedUntilTicks => _state == Ejected ? Interlocked.Read(ref _ejectedUntilTicks) : 0;

    /// <summary>Times the destination has been ejected.</summary>
    public long Ejections => Interlocked.Read(ref _ejections);

    /// <summary>
    /// The mean time of the answers in the window, in ticks, once there are at least <c>minimumThroughput</c> of them;
    /// null before.
    /// </summary>
    public double? MeanAnswerTicks
    {
        get
        {
            var answers = _window.Sum(Answers);
            return answers >= _config.MinimumThroughput && answers > 0 ? (double)_window.Sum(AnswerTicks) / answers : null;
        }
    }

    /// <summary>
    /// Whether an attempt may go now: always while the destination is in; never while its ejection lasts; once it has run
    /// out, one attempt at a time as its trial (<see cref="OutlierAdmission.Trial"/>, which the caller must
    /// <see cref="Record"/>).
    /// </summary>
    public OutlierAdmission Admit()
    {
        if (_state == Closed)
        {
            return OutlierAdmission.Admitted;
        }

        lock (_gate)
        {
            switch (_state)
            {
                case Closed:
                    return OutlierAdmission.Admitted;
                case Ejected when _time.GetUtcNow().UtcTicks < _ejectedUntilTicks:
                    return OutlierAdmission.Refused;
                case Ejected:
                    _state = OnTrial;
                    _trialOut = false;
                    break;
            }

            if (_trialOut)
            {
                return OutlierAdmission.Refused;
            }

            _trialOut = true;
            return OutlierAdmission.Trial;
        }
    }

    /// <summary>
    /// Judges one attempt admitted as <paramref name="admission"/>; <paramref name="answerTime"/> is how long an answer
    /// took (null when there was none). Returns the transition it caused; <paramref name="ejection"/> says why and for how
    /// long when that is an ejection.
    /// </summary>
    public OutlierTransition Record(OutlierAdmission admission, OutlierVerdict verdict, TimeSpan? answerTime, out OutlierEjection ejection)
    {
        ejection = default;
        var transition = admission == OutlierAdmission.Trial ? EndTrial(verdict, out ejection) : OutlierTransition.None;
        var judged = admission == OutlierAdmission.Admitted && verdict != OutlierVerdict.NotJudged;
        var failed = judged && verdict == OutlierVerdict.Failed;

        // Attempts, failures, answers, answer ticks: one bucket lookup for all four.
        Span<long> counts = [judged ? 1 : 0, failed ? 1 : 0, answerTime is null ? 0 : 1, answerTime?.Ticks ?? 0];
        _window.Add(counts);
        if (!judged)
        {
            return transition;
        }

        if (!failed)
        {
            // Read first so a healthy destination does not write a shared cache line on every attempt.
            if (Volatile.Read(ref _consecutive) != 0)
            {
                Volatile.Write(ref _consecutive, 0);
            }

            return OutlierTransition.None;
        }

        var inARow = Interlocked.Increment(ref _consecutive);
        if (_state != Closed || EjectionReason(inARow) is not { } reason)
        {
            return OutlierTransition.None;
        }

        lock (_gate)
        {
            if (_state != Closed)
            {
                return OutlierTransition.None;
            }

            _ejectionsInARow = 0;
            ejection = EjectLocked(reason);
            return OutlierTransition.Ejected;
        }
    }

    /// <summary>Readmits the destination at once (its active probes pass again); false when it was in already.</summary>
    public bool Readmit()
    {
        lock (_gate)
        {
            if (_state == Closed)
            {
                return false;
            }

            CloseLocked();
            return true;
        }
    }

    private OutlierTransition EndTrial(OutlierVerdict verdict, out OutlierEjection ejection)
    {
        ejection = default;
        lock (_gate)
        {
            if (_state != OnTrial)
            {
                // Readmitted by the probes while the trial was out.
                return OutlierTransition.None;
            }

            _trialOut = false;
            switch (verdict)
            {
                case OutlierVerdict.Ok:
                    CloseLocked();
                    return OutlierTransition.Readmitted;
                case OutlierVerdict.Failed:
                    _ejectionsInARow++;
                    ejection = EjectLocked("its trial attempt failed");
                    return OutlierTransition.Ejected;
                default:
                    // Nothing learnt (the client left): the next attempt is the trial.
                    return OutlierTransition.None;
            }
        }
    }

    /// <summary>Why <paramref name="inARow"/> failures and the window's record eject, or null when they do not. Cold: runs on failures only.</summary>
    private string? EjectionReason(int inARow)
    {
        if (_config.ConsecutiveFailures > 0 && inARow >= _config.ConsecutiveFailures)
        {
            return string.Create(CultureInfo.InvariantCulture, $"{inARow} failed or slow attempts in a row");
        }

        var attempts = _window.Sum(Attempts);
        var failures = _window.Sum(Failures);
        return attempts >= _config.MinimumThroughput && failures >= _config.FailureRatio * attempts
            ? string.Create(CultureInfo.InvariantCulture, $"{failures} of {attempts} attempts in the last {_window.Window.TotalSeconds:0.#} s failed or were slow")
            : null;
    }

    private OutlierEjection EjectLocked(string reason)
    {
        var duration = EjectionTime(_ejectionsInARow);
        _state = Ejected;
        Interlocked.Exchange(ref _ejectedUntilTicks, _time.GetUtcNow().Add(duration).UtcTicks);
        Interlocked.Increment(ref _ejections);
        Volatile.Write(ref _consecutive, 0);
        return new OutlierEjection(duration, reason);
    }

    private void CloseLocked()
    {
        _state = Closed;
        _trialOut = false;
        _ejectionsInARow = 0;
        Interlocked.Exchange(ref _ejectedUntilTicks, 0);
        Volatile.Write(ref _consecutive, 0);
        _window.Reset();
    }

    private TimeSpan EjectionTime(int ejectionsInARow)
    {
        var factor = Math.Pow(2, Math.Min(ejectionsInARow, 30));
        var ticks = Math.Min(_config.BaseEjectionTime.Ticks * factor, _config.MaxEjectionTime.Ticks);
        return TimeSpan.FromTicks((long)ticks);
    }
}
