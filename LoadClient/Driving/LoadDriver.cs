using System.Diagnostics;
using LoadClient.CommandLine;

namespace LoadClient.Driving;

/// <summary>Runs the warm-up, then the measured phase, with --concurrency workers, each on its own channel of one target.</summary>
internal sealed class LoadDriver(LoadOptions options, ILoadTarget target)
{
    /// <summary>Sends the warm-up and the measured requests; <paramref name="stop"/> ends the run early with what was measured.</summary>
    public async Task<LoadMeasurement> RunAsync(CancellationToken stop)
    {
        var perWorker = options.Duration is null ? (int)Math.Min(options.Requests / options.Concurrency + 1, 1 << 20) : 1024;
        var workers = new LoadWorker[options.Concurrency];
        try
        {
            for (var i = 0; i < workers.Length; i++)
            {
                workers[i] = new LoadWorker(target.CreateChannel(stop), perWorker, stop);
            }

            if (options.Warmup > 0)
            {
                await RunPhaseAsync(workers, RequestSchedule.Count(options.Warmup), measure: false);
            }

            using var process = Process.GetCurrentProcess();
            var cpuBefore = process.TotalProcessorTime;
            var start = Stopwatch.GetTimestamp();
            var schedule = options.Duration is { } duration ? RequestSchedule.For(duration) : RequestSchedule.Count(options.Requests);
            await RunPhaseAsync(workers, schedule, measure: true);
            var wall = Stopwatch.GetElapsedTime(start);
            process.Refresh();
            var cpu = process.TotalProcessorTime - cpuBefore;

            var total = new WorkerStats(0);
            foreach (var worker in workers)
            {
                total.Add(worker.Stats);
            }

            return new LoadMeasurement(total, wall, cpu, stop.IsCancellationRequested);
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

    private static Task RunPhaseAsync(LoadWorker[] workers, RequestSchedule schedule, bool measure)
    {
        var tasks = new Task[workers.Length];
        for (var i = 0; i < workers.Length; i++)
        {
            var worker = workers[i];
            tasks[i] = Task.Run(() => worker.RunAsync(schedule, measure));
        }

        return Task.WhenAll(tasks);
    }
}
