using System.Diagnostics;

namespace LoadClient.Driving;

/// <summary>One of the --concurrency loops: sends a request, waits for the whole reply, records it, repeats.</summary>
internal sealed class LoadWorker : IDisposable
{
    // Reply bodies are read into this and dropped: only their length matters.
    private readonly byte[] _scratch = new byte[64 * 1024];
    private readonly SoapRequestSender _sender;
    private readonly CancellationToken _stop;
    private CancellationTokenSource _timeout;

    /// <summary>Creates a worker sending with <paramref name="sender"/> until <paramref name="stop"/> fires.</summary>
    public LoadWorker(SoapRequestSender sender, int expectedRequests, CancellationToken stop)
    {
        _sender = sender;
        _stop = stop;
        _timeout = CancellationTokenSource.CreateLinkedTokenSource(stop);
        Stats = new WorkerStats(expectedRequests);
    }

    /// <summary>The measured requests of this worker.</summary>
    public WorkerStats Stats { get; }

    /// <summary>Sends while <paramref name="schedule"/> hands out requests; records them when <paramref name="measure"/>.</summary>
    public async Task RunAsync(RequestSchedule schedule, bool measure)
    {
        while (!_stop.IsCancellationRequested && schedule.TryTake())
        {
            // One timeout source per worker, reset between requests; a fired one cannot be reset and is replaced.
            if (!_timeout.TryReset())
            {
                _timeout.Dispose();
                _timeout = CancellationTokenSource.CreateLinkedTokenSource(_stop);
            }

            _timeout.CancelAfter(_sender.Timeout);
            var start = Stopwatch.GetTimestamp();
            var result = await _sender.SendAsync(_scratch, _timeout.Token, _stop);
            var elapsed = Stopwatch.GetTimestamp() - start;
            if (measure)
            {
                Stats.Record(result, elapsed);
            }
        }
    }

    public void Dispose() => _timeout.Dispose();
}
