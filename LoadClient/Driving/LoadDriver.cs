using System.Diagnostics;
using LoadClient.CommandLine;
using LoadClient.Latency;
using LoadClient.Payloads;
using LoadClient.Reporting;

namespace LoadClient.Driving;

/// <summary>
/// Runs the warm-up (its first request checked by <see cref="FirstReplyCheck"/>), then the measured phase, with
/// --concurrency workers, each on its own channel of one target; back to back, or paced by --rate.
/// </summary>
internal sealed class LoadDriver(LoadOptions options, ILoadTarget target)
{
    /// <summary>Judges the first warm-up reply: null when it looks right, else why the run should not go on.</summary>
    public Func<SendResult, string?>? FirstReplyCheck { get; init; }

    /// <summary>Called just before the measured phase (reading the router's counters).</summary>
    public Func<CancellationToken, Task>? BeforeMeasure { get; init; }

    /// <summary>Called just after the measured phase.</summary>
    public Func<CancellationToken, Task>? AfterMeasure { get; init; }

    /// <summary>Where the live progress goes; null for none (--quiet).</summary>
    public TextWriter? ProgressOutput { get; init; }

    /// <summary>TLS targets: the handshakes made so far, read as the measured phase starts and ends; null for a plain target.</summary>
    public Func<long>? TlsHandshakes { get; init; }

    /// <summary>--record-acks: where the id of every acknowledged request goes; null for none.</summary>
    public Samples.Delivery.DeliveryRecord? Acknowledged { get; init; }

    /// <summary><see cref="ProgressOutput"/> is a terminal: one line overwritten each second, not plain lines.</summary>
    public bool ProgressOnTerminal { get; init; }

    /// <summary>Sends the warm-up and the measured requests; <paramref name="stop"/> ends the run early with what was measured.</summary>
    public async Task<LoadMeasurement> RunAsync(CancellationToken stop)
    {
        var workers = new LoadWorker[options.Concurrency];
        var bySize = options.SizeDistribution == SizeDistribution.Fixed ? null : new LatencyBySize();
        try
        {
            for (var i = 0; i < workers.Length; i++)
            {
                workers[i] = new LoadWorker(target.CreateChannel(stop), stop, bySize, Acknowledged);
            }

            var warmup = options.Warmup;
            if (warmup > 0 && FirstReplyCheck is { } check)
            {
                // The first warm-up request alone: a target that does not speak the binding is told in one line, not
                // in thousands of failed requests.
                var first = await workers[0].SendOnceAsync();
                warmup--;
                if (!stop.IsCancellationRequested && check(first) is { } problem)
                {
                    return LoadMeasurement.Aborted(problem);
                }
            }

            if (warmup > 0)
            {
                await RunPhaseAsync(workers, RequestSchedule.Count(warmup), measure: false, progress: null);
            }

            if (BeforeMeasure is { } before)
            {
                await before(stop);
            }

            using var process = Process.GetCurrentProcess();
            var cpuBefore = process.TotalProcessorTime;
            var handshakesBefore = TlsHandshakes?.Invoke();
            var start = Stopwatch.GetTimestamp();
            var schedule = options.Rate is { } rate
                ? RequestSchedule.Paced(rate, start, options.Duration is null ? options.Requests : null, options.Duration, Stopwatch.Frequency)
                : options.Duration is { } duration ? RequestSchedule.For(duration) : RequestSchedule.Count(options.Requests);
            var progress = ProgressOutput is { } output ? LiveProgress.Start(output, ProgressOnTerminal) : null;
            try
            {
                await RunPhaseAsync(workers, schedule, measure: true, progress);
            }
            finally
            {
                if (progress is not null)
                {
                    await progress.DisposeAsync();
                }
            }

            var wall = Stopwatch.GetElapsedTime(start);
            process.Refresh();
            var cpu = process.TotalProcessorTime - cpuBefore;
            var handshakes = TlsHandshakes?.Invoke();
            if (AfterMeasure is { } after)
            {
                await after(stop);
            }

            var total = new WorkerStats();
            foreach (var worker in workers)
            {
                total.Add(worker.Stats);
            }

            return new LoadMeasurement(total, wall, cpu, stop.IsCancellationRequested, BySize: bySize)
            {
                TlsHandshakes = handshakes - handshakesBefore,
                TlsHandshakesTotal = handshakes,
            };
        }
        finally
        {
            foreach (var worker in workers)
            {
                if (worker is not null)
                {
                    await worker.DisposeAsync();
                }
            }
        }
    }

    private static Task RunPhaseAsync(LoadWorker[] workers, RequestSchedule schedule, bool measure, LiveProgress? progress)
    {
        var tasks = new Task[workers.Length];
        for (var i = 0; i < workers.Length; i++)
        {
            var worker = workers[i];
            tasks[i] = Task.Run(() => worker.RunAsync(schedule, measure, progress));
        }

        return Task.WhenAll(tasks);
    }
}
