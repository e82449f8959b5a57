namespace SoapRouter.Tests.Support;

/// <summary>
/// Samples the live managed heap (after a full collection) of this process every <c>interval</c> until disposed: the
/// highest sample above the first says whether anything on a path held a whole message. Run such tests alone
/// (<see cref="AllocationCollection"/>): other tests' live objects would count.
/// </summary>
internal sealed class LiveHeapPeak : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _sampling;
    private long _peak;

    public LiveHeapPeak(TimeSpan interval)
    {
        Baseline = GC.GetTotalMemory(forceFullCollection: true);
        _peak = Baseline;
        _sampling = Task.Run(async () =>
        {
            while (!_stop.IsCancellationRequested)
            {
                _peak = Math.Max(_peak, GC.GetTotalMemory(forceFullCollection: true));
                try
                {
                    await Task.Delay(interval, _stop.Token);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        });
    }

    /// <summary>The live heap when sampling began.</summary>
    public long Baseline { get; }

    /// <summary>The most the live heap grew above <see cref="Baseline"/> in any sample so far.</summary>
    public long Growth => Volatile.Read(ref _peak) - Baseline;

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _sampling;
        _stop.Dispose();
    }
}
