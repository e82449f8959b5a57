using Polly;
using Polly.CircuitBreaker;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;

namespace SoapRouter.Health;

/// <summary>
/// One destination's health: passive (Polly's circuit breaker over the attempts sent to it: a failure ratio within a
/// window ejects it for a time that doubles with each ejection in a row, a half-open trial readmits it) and active
/// (probe results, <see cref="HealthProber"/>). Transitions are logged once each. Built per destination and
/// outlier configuration; a reload that keeps both keeps this object.
/// </summary>
internal sealed class DestinationHealth
{
    private static int s_version;

    private readonly string _destination;
    private readonly ILogger _logger;
    private readonly TimeProvider _time;
    private readonly ResiliencePipeline<ForwardError> _pipeline;
    private readonly CircuitBreakerManualControl? _manual;
    private volatile bool _ejected;
    private volatile bool _probeDown;
    private int _probeSuccesses;
    private int _probeFailures;
    private long _ejections;
    private long _ejectedUntilTicks;

    /// <summary>Creates the health of <paramref name="destination"/> under <paramref name="config"/>.</summary>
    public DestinationHealth(string destination, OutlierDetectionConfig config, TimeProvider time, ILogger logger)
    {
        ArgumentNullException.ThrowIfNull(destination);
        ArgumentNullException.ThrowIfNull(config);
        ArgumentNullException.ThrowIfNull(time);
        ArgumentNullException.ThrowIfNull(logger);
        _destination = destination;
        _logger = logger;
        _time = time;
        Config = config;
        if (!config.Enabled)
        {
            _pipeline = ResiliencePipeline<ForwardError>.Empty;
            return;
        }

        _manual = new CircuitBreakerManualControl();
        _pipeline = new ResiliencePipelineBuilder<ForwardError> { TimeProvider = time }
            .AddCircuitBreaker(new CircuitBreakerStrategyOptions<ForwardError>
            {
                FailureRatio = config.FailureRatio,
                MinimumThroughput = config.MinimumThroughput,
                SamplingDuration = config.SamplingDuration,
                BreakDuration = config.BaseEjectionTime,
                BreakDurationGenerator = args => ValueTask.FromResult(EjectionTime(config, args.HalfOpenAttempts)),
                ShouldHandle = static args => ValueTask.FromResult(
                    args.Outcome.Exception is not null || FailoverPolicy.IsDestinationFailure(args.Outcome.Result)),
                ManualControl = _manual,
                OnOpened = args => OnEjected(args.BreakDuration, args.IsManual),
                OnHalfOpened = _ => OnTrial(),
                OnClosed = _ => OnReadmitted(),
            })
            .Build();
    }

    /// <summary>Changes whenever any destination's availability changes; clusters recompute their candidates then.</summary>
    public static int Version => Volatile.Read(ref s_version);

    /// <summary>The outlier configuration this object was built for.</summary>
    public OutlierDetectionConfig Config { get; }

    /// <summary>
    /// True when the destination may be chosen: not failing its probes, and not ejected or its ejection has run out
    /// (the next attempt through the breaker is then its trial).
    /// </summary>
    public bool IsAvailable => !_probeDown && !IsEjectedNow;

    /// <summary>When the current ejection ends, in UTC ticks; 0 when not ejected.</summary>
    public long EjectedUntilTicks => _ejected ? Interlocked.Read(ref _ejectedUntilTicks) : 0;

    private bool IsEjectedNow => _ejected && _time.GetUtcNow().UtcTicks < Interlocked.Read(ref _ejectedUntilTicks);

    /// <summary>Times the destination has been ejected.</summary>
    public long Ejections => Interlocked.Read(ref _ejections);

    /// <summary>What /stats and /health show: healthy, ejected (passive) or unhealthy (active probes).</summary>
    public string State => _probeDown ? "unhealthy" : IsEjectedNow ? "ejected" : "healthy";

    /// <summary>When the current ejection ends (UTC); null when not ejected.</summary>
    public DateTimeOffset? EjectedUntil =>
        IsEjectedNow ? new DateTimeOffset(Interlocked.Read(ref _ejectedUntilTicks), TimeSpan.Zero) : null;

    /// <summary>
    /// Runs one attempt through the breaker; <paramref name="attempt"/> returns every outcome as a value (timeouts and
    /// transport errors already classified), which the breaker judges with <see cref="FailoverPolicy.IsDestinationFailure"/>.
    /// An open breaker (or a half-open one whose single trial is already out) sends nothing and answers
    /// <see cref="ForwardError.Ejected"/>; <paramref name="bypass"/> sends anyway without judging the outcome (a cluster
    /// with too many ejected destinations).
    /// </summary>
    public async ValueTask<AttemptResult<T>> RunAsync<T, TState>(
        Func<TState, CancellationToken, ValueTask<AttemptResult<T>>> attempt, TState state, bool bypass, CancellationToken cancellationToken)
    {
        if (bypass || _manual is null)
        {
            return await attempt(state, cancellationToken).ConfigureAwait(false);
        }

        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        try
        {
            var outcome = await _pipeline.ExecuteOutcomeAsync(
                static async (ctx, s) =>
                {
                    var result = await s.Attempt(s.State, ctx.CancellationToken).ConfigureAwait(false);
                    ctx.Properties.Set(ReplyKey<T>.Key, result.Reply);
                    return Outcome.FromResult(result.Error);
                },
                context,
                (Attempt: attempt, State: state)).ConfigureAwait(false);

            if (outcome.Exception is { } exception)
            {
                if (exception is BrokenCircuitException)
                {
                    return AttemptResult<T>.Failed(ForwardError.Ejected);
                }

                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(exception);
            }

            var error = outcome.Result;
            var reply = context.Properties.GetValue(ReplyKey<T>.Key, default);
            return error switch
            {
                ForwardError.None => AttemptResult<T>.Success(reply!),
                ForwardError.BackendFault => AttemptResult<T>.Fault(reply!),
                _ => AttemptResult<T>.Failed(error),
            };
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    /// <summary>Counts a passed probe; after <paramref name="threshold"/> in a row an unhealthy or ejected destination is readmitted.</summary>
    public async ValueTask ProbePassedAsync(int threshold)
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
            HealthLog.ProbesPassing(_logger, _destination, threshold);
        }

        if (_ejected && _manual is not null)
        {
            // Probes see it answering again: no need to wait out the ejection.
            await _manual.CloseAsync().ConfigureAwait(false);
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
            HealthLog.ProbesFailing(_logger, _destination, threshold, problem);
        }
    }

    private static TimeSpan EjectionTime(OutlierDetectionConfig config, int ejectionsInARow)
    {
        var factor = Math.Pow(2, Math.Min(ejectionsInARow, 30));
        var ticks = Math.Min(config.BaseEjectionTime.Ticks * factor, config.MaxEjectionTime.Ticks);
        return TimeSpan.FromTicks((long)ticks);
    }

    private ValueTask OnEjected(TimeSpan duration, bool manual)
    {
        _ejected = true;
        Interlocked.Increment(ref _ejections);
        Interlocked.Exchange(ref _ejectedUntilTicks, _time.GetUtcNow().Add(duration).UtcTicks);
        Bump();
        if (!manual)
        {
            HealthLog.Ejected(_logger, _destination, duration);
        }

        return ValueTask.CompletedTask;
    }

    private ValueTask OnTrial()
    {
        // One trial attempt may go; the breaker refuses the others while it is out.
        _ejected = false;
        Bump();
        HealthLog.Trial(_logger, _destination);
        return ValueTask.CompletedTask;
    }

    private ValueTask OnReadmitted()
    {
        _ejected = false;
        Interlocked.Exchange(ref _ejectedUntilTicks, 0);
        Bump();
        HealthLog.Readmitted(_logger, _destination);
        return ValueTask.CompletedTask;
    }

    private static void Bump() => Interlocked.Increment(ref s_version);

    private static class ReplyKey<T>
    {
        public static readonly ResiliencePropertyKey<T?> Key = new("soaprouter.reply");
    }
}
