using BenchmarkDotNet.Attributes;
using Microsoft.Extensions.Logging.Abstractions;
using Polly;
using Polly.CircuitBreaker;
using SoapRouter.Configuration;
using SoapRouter.Forwarding;
using SoapRouter.Health;

namespace SoapRouter.Benchmarks;

/// <summary>
/// What passive health costs one attempt that answers: the router's own detector (<see cref="DestinationHealth"/>
/// admitting and judging it) against the Polly circuit breaker it replaced, built and run as the router ran it before
/// issue 20 (a pooled resilience context, the reply carried in its properties). Baseline: Polly.
/// </summary>
[MemoryDiagnoser]
public class OutlierDetectionBenchmarks
{
    private static readonly ResiliencePropertyKey<string?> ReplyKey = new("soaprouter.reply");
    private static readonly TimeSpan AnswerTime = TimeSpan.FromMilliseconds(3);
    private readonly OutlierDetectionConfig _config = new();
    private ResiliencePipeline<ForwardError> _polly = ResiliencePipeline<ForwardError>.Empty;
    private DestinationHealth _health = null!;

    /// <summary>Builds both, with the default outlier settings.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _health = new DestinationHealth("d", _config, TimeProvider.System, NullLogger.Instance);
        _polly = new ResiliencePipelineBuilder<ForwardError>()
            .AddCircuitBreaker(new CircuitBreakerStrategyOptions<ForwardError>
            {
                FailureRatio = _config.FailureRatio,
                MinimumThroughput = _config.MinimumThroughput,
                SamplingDuration = _config.SamplingDuration,
                BreakDuration = _config.BaseEjectionTime,
                ShouldHandle = static args => ValueTask.FromResult(
                    args.Outcome.Exception is not null || FailoverPolicy.IsDestinationFailure(args.Outcome.Result)),
                ManualControl = new CircuitBreakerManualControl(),
            })
            .Build();
    }

    /// <summary>Polly's breaker around an attempt that answers at once.</summary>
    [Benchmark(Baseline = true)]
    public async ValueTask<string?> PollyCircuitBreaker()
    {
        var context = ResilienceContextPool.Shared.Get(CancellationToken.None);
        try
        {
            var outcome = await _polly.ExecuteOutcomeAsync(
                static (ctx, _) =>
                {
                    ctx.Properties.Set(ReplyKey, "reply");
                    return ValueTask.FromResult(Outcome.FromResult(ForwardError.None));
                },
                context,
                0).ConfigureAwait(false);
            return outcome.Result == ForwardError.None ? context.Properties.GetValue(ReplyKey, null) : null;
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    /// <summary>The router's detector: admit, then judge the answer.</summary>
    [Benchmark]
    public string? OutlierDetector()
    {
        var admission = _health.Admit(bypass: false);
        _health.Record(admission, ForwardError.None, AnswerTime, slow: false);
        return admission == OutlierAdmission.Refused ? null : "reply";
    }
}
