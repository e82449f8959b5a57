using System.Diagnostics;
using LoadClient.Latency;
using LoadClient.Reporting;

namespace LoadClient.Driving;

/// <summary>One of the --concurrency loops: takes a request from the schedule, sends it, waits for the whole reply, records it.</summary>
internal sealed class LoadWorker : IAsyncDisposable
{
    private readonly ILoadChannel _channel;
    private readonly CancellationToken _stop;
    private readonly LatencyBySize? _bySize;
    private readonly Samples.Delivery.DeliveryRecord? _acknowledged;

    /// <summary>
    /// Creates a worker sending on <paramref name="channel"/> until <paramref name="stop"/> fires; measured latencies also
    /// go to <paramref name="bySize"/> when given (runs over a size distribution), and the id of every request answered
    /// ok to <paramref name="acknowledged"/> (--record-acks), warm-up included.
    /// </summary>
    public LoadWorker(ILoadChannel channel, CancellationToken stop, LatencyBySize? bySize = null, Samples.Delivery.DeliveryRecord? acknowledged = null)
    {
        ArgumentNullException.ThrowIfNull(channel);
        _channel = channel;
        _stop = stop;
        _bySize = bySize;
        _acknowledged = acknowledged;
    }

    /// <summary>The measured requests of this worker.</summary>
    public WorkerStats Stats { get; } = new();

    /// <summary>Sends one request outside any phase (the binding check); not recorded.</summary>
    public Task<SendResult> SendOnceAsync() => SendAsync();

    /// <summary>
    /// Sends while <paramref name="schedule"/> hands out requests; records them when <paramref name="measure"/>, and in
    /// <paramref name="progress"/> too when given.
    /// </summary>
    public async Task RunAsync(RequestSchedule schedule, bool measure, LiveProgress? progress = null)
    {
        // When this worker's last request ended: a slot due before then came due while it was busy.
        long lastFinished = 0;
        while (!_stop.IsCancellationRequested && schedule.TryTake(out var scheduled))
        {
            var late = false;
            long start;
            if (scheduled == 0)
            {
                start = Stopwatch.GetTimestamp();
            }
            else if (scheduled > Stopwatch.GetTimestamp())
            {
                // Ahead of time: wait for the slot; the timer's own lateness (about a millisecond) is not the target's,
                // so latency counts from when the request really went.
                try
                {
                    await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), scheduled), _stop);
                }
                catch (OperationCanceledException)
                {
                    break;
                }

                start = Stopwatch.GetTimestamp();
            }
            else
            {
                // Due already. Slots are handed out in order and an idle worker holds the next one, so a slot still
                // untaken when it came due found every worker busy: the wait for a free one is part of its latency
                // (counting from the send instead would hide the queueing: coordinated omission). It is late when it
                // came due while this worker was still busy; otherwise it came due in the moment between taking it
                // and the worker's previous request ending (or the phase starting).
                late = scheduled < lastFinished;
                start = scheduled;
            }

            var result = await SendAsync();
            lastFinished = Stopwatch.GetTimestamp();
            var microseconds = LatencyHistograms.ToMicroseconds(lastFinished - start, Stopwatch.Frequency);
            if (measure)
            {
                Stats.Record(result, microseconds, late);
                if (result.StatusCode != 0)
                {
                    _bySize?.Record(result.Compression?.RequestPlainBytes ?? result.BytesSent, microseconds);
                }

                progress?.Record(result, microseconds);
            }
        }
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync() => _channel.DisposeAsync();

    private async Task<SendResult> SendAsync()
    {
        var result = await LoadTracing.SendAsync(_channel);
        if (_acknowledged is not null && result.Outcome == RequestOutcome.Ok && result.RequestId is { } id)
        {
            _acknowledged.Record(id);
        }

        return result;
    }
}
