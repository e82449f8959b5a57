using System.Diagnostics;

namespace LoadClient.Driving;

/// <summary>One of the --concurrency loops: sends a request, waits for the whole reply, records it, repeats.</summary>
internal sealed class LoadWorker : IAsyncDisposable
{
    private readonly ILoadChannel _channel;
    private readonly CancellationToken _stop;

    /// <summary>Creates a worker sending on <paramref name="channel"/> until <paramref name="stop"/> fires.</summary>
    public LoadWorker(ILoadChannel channel, int expectedRequests, CancellationToken stop)
    {
        ArgumentNullException.ThrowIfNull(channel);
        _channel = channel;
        _stop = stop;
        Stats = new WorkerStats(expectedRequests);
    }

    /// <summary>The measured requests of this worker.</summary>
    public WorkerStats Stats { get; }

    /// <summary>Sends while <paramref name="schedule"/> hands out requests; records them when <paramref name="measure"/>.</summary>
    public async Task RunAsync(RequestSchedule schedule, bool measure)
    {
        while (!_stop.IsCancellationRequested && schedule.TryTake())
        {
            var start = Stopwatch.GetTimestamp();
            var result = await _channel.SendAsync();
            var elapsed = Stopwatch.GetTimestamp() - start;
            if (measure)
            {
                Stats.Record(result, elapsed);
            }
        }
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync() => _channel.DisposeAsync();
}
