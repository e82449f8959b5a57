using SoapRouter.Configuration;
using SoapRouter.Forwarding;

namespace SoapRouter.Health;

/// <summary>
/// One destination's health: passive (<see cref="OutlierDetector"/> over the attempts sent to it: failures in a row or a
/// failure ratio within a window eject it for a time that doubles with each ejection in a row, a trial attempt readmits
/// it; slow answers count as failures when the cluster judges latency) and active (probe results,
/// <see cref="HealthProber"/>). Transitions are logged once each. Built per destination and outlier configuration; a
/// reload that keeps both keeps this object.
/// </summary>
/// <param name="destination">The destination's name.</param>
/// <param name="config">Its outlier configuration.</param>
internal sealed class DestinationHealth(string destination, OutlierDetectionConfig config, TimeProvider time, ILogger logger)
{
    private static int s_version;

    private readonly OutlierDetector? _detector = config.Enabled ? new OutlierDetector(config, time) : null;
    private volatile bool _probeDown;
    private int _probeSuccesses;
    private int _probeFailures;

    /// <summary>Changes whenever any destination's availability changes; clusters recompute their candidates then.</summary>
    public static int Version => Volatile.Read(ref s_version);

    /// <summary>The outlier configuration this object was built for.</summary>
    public OutlierDetectionConfig Config { get; } = config;

    /// <summary>
    /// True when the destination may be chosen: not failing its probes, and not ejected or its ejection has run out
    /// (the next attempt admitted is then its trial).
    /// </summary>
    public bool IsAvailable => !_probeDown && !IsEjectedNow;

    /// <summary>When the current ejection ends, in UTC ticks; 0 when not ejected.</summary>
    public long EjectedUntilTicks => _detector?.EjectedUntilTicks ?? 0;

    private bool IsEjectedNow => _detector?.IsEjectedNow ?? false;

    /// <summary>Times the destination has been ejected.</summary>
    public long Ejections => _detector?.Ejections ?? 0;

    /// <summary>What /stats and /health show: healthy, ejected (passive) or unhealthy (active probes).</summary>
    public string State => _probeDown ? "unhealthy" : IsEjectedNow ? "ejected" : "healthy";

    /// <summary>When the current ejection ends (UTC); null when not ejected.</summary>
    public DateTimeOffset? EjectedUntil => IsEjectedNow ? new DateTimeOffset(EjectedUntilTicks, TimeSpan.Zero) : null;

    /// <summary>The mean answer time over the outlier window, in ticks, once it holds enough answers; null before (or without outlier detection).</summary>
    public double? MeanAnswerTicks => _detector?.MeanAnswerTicks;

    /// <summary>
    /// Whether an attempt may go to the destination now (<see cref="OutlierAdmission.Refused"/>: it is ejected, or its
    /// one trial attempt is out). <paramref name="bypass"/>: send anyway and judge nothing (a cluster with too many
    /// destinations out). Every admitted attempt is judged with <see cref="Record"/>.
    /// </summary>
    public OutlierAdmission Admit(bool bypass)
    {
        if (bypass || _detector is null)
        {
            return OutlierAdmission.Bypassed;
        }

        var admission = _detector.Admit();
        if (admission == OutlierAdmission.Trial)
        {
            Bump();
            HealthLog.Trial(logger, destination);
        }

        return admission;
    }

    /// <summary>
    /// Judges an attempt admitted as <paramref name="admission"/> that ended with <paramref name="error"/> after
    /// <paramref name="elapsed"/>: a failure by <see cref="FailoverPolicy.IsDestinationFailure"/>, or an answer that
    /// <paramref name="slow"/> says was far slower than the other destinations'.
    /// </summary>
    public void Record(OutlierAdmission admission, ForwardError error, TimeSpan elapsed, bool slow)
    {
        if (_detector is null || admission is OutlierAdmission.Bypassed or OutlierAdmission.Refused)
        {
            return;
        }

        var answered = error is ForwardError.None or ForwardError.BackendFault;
        var verdict = FailoverPolicy.IsDestinationFailure(error) || (answered && slow)
            ? OutlierVerdict.Failed
            : answered ? OutlierVerdict.Ok : OutlierVerdict.NotJudged;
        switch (_detector.Record(admission, verdict, answered ? elapsed : null, out var ejection))
        {
            case OutlierTransition.Ejected:
                Bump();
                HealthLog.Ejected(logger, destination, ejection.Duration, ejection.Reason);
                break;
            case OutlierTransition.Readmitted:
                Bump();
                HealthLog.Readmitted(logger, destination);
                break;
        }
    }

    /// <summary>Counts a passed probe; after <paramref name="threshold"/> in a row an unhealthy or ejected destination is readmitted.</summary>
    public void ProbePassed(int threshold)
    {
        Volatile.Write(ref _probeFailures, 0);
        if (Interlocked.Increment(ref _probeSuccesses) < threshold)
        {
            return;
        }

        if (_probeDown)
        {
            _probeDown = false;
            Bump();
            HealthLog.ProbesPassing(logger, destination, threshold);
        }

        if (_detector?.Readmit() == true)
        {
            // Probes see it answering again: no need to wait out the ejection.
            Bump();
            HealthLog.Readmitted(logger, destination);
        }
    }

    /// <summary>Counts a failed probe; after <paramref name="threshold"/> in a row the destination is taken out until probes pass again.</summary>
    public void ProbeFailed(int threshold, string problem)
    {
        Volatile.Write(ref _probeSuccesses, 0);
        if (Interlocked.Increment(ref _probeFailures) >= threshold && !_probeDown)
        {
            _probeDown = true;
            Bump();
            HealthLog.ProbesFailing(logger, destination, threshold, problem);
        }
    }

    private static void Bump() => Interlocked.Increment(ref s_version);
}
