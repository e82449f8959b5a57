using System.Diagnostics;
using System.Globalization;
using HdrHistogram;
using LoadClient.Driving;
using LoadClient.Latency;

namespace LoadClient.Reporting;

/// <summary>
/// The progress of the measured phase while it runs: requests/s, faults, errors and p50/p99 of the last interval. On a
/// terminal one line is overwritten every second; otherwise a plain line is written every <see cref="PlainInterval"/>.
/// Its latencies go to a recorder of their own, so the final report's histograms are not touched.
/// </summary>
internal sealed class LiveProgress : IAsyncDisposable
{
    /// <summary>How often the terminal line is rewritten.</summary>
    public static readonly TimeSpan TerminalInterval = TimeSpan.FromSeconds(1);

    /// <summary>How often a plain line is written when the output is not a terminal.</summary>
    public static readonly TimeSpan PlainInterval = TimeSpan.FromSeconds(5);

    private readonly Recorder _recorder = LatencyHistograms.CreateRecorder();
    private readonly TextWriter _output;
    private readonly bool _terminal;
    private readonly CancellationTokenSource _stop = new();
    private readonly long _started = Stopwatch.GetTimestamp();
    private readonly Task _loop;
    private HistogramBase? _recycled;
    private long _requests;
    private long _faults;
    private long _errors;
    private long _lastTick;
    private int _lineLength;

    private LiveProgress(TextWriter output, bool terminal)
    {
        _output = output;
        _terminal = terminal;
        _lastTick = _started;
        _loop = RunAsync(terminal ? TerminalInterval : PlainInterval);
    }

    /// <summary>Starts writing progress to <paramref name="output"/>; <paramref name="terminal"/> says whether it is one.</summary>
    public static LiveProgress Start(TextWriter output, bool terminal)
    {
        ArgumentNullException.ThrowIfNull(output);
        return new LiveProgress(output, terminal);
    }

    /// <summary>Counts one finished request (any thread).</summary>
    public void Record(SendResult result, long latencyMicroseconds)
    {
        if (result.Outcome == RequestOutcome.Canceled)
        {
            return;
        }

        _recorder.RecordValue(latencyMicroseconds);
        Interlocked.Increment(ref _requests);
        if (result.Outcome == RequestOutcome.Fault)
        {
            Interlocked.Increment(ref _faults);
        }
        else if (result.Outcome != RequestOutcome.Ok)
        {
            Interlocked.Increment(ref _errors);
        }
    }

    /// <summary>The line for one interval (public for tests).</summary>
    public static string FormatLine(TimeSpan elapsed, double seconds, long requests, long faults, long errors, HistogramBase interval)
    {
        ArgumentNullException.ThrowIfNull(interval);
        var summary = LatencySummary.From(interval);
        return string.Create(CultureInfo.InvariantCulture,
            $"[{elapsed.TotalSeconds,5:F0} s] {(seconds > 0 ? requests / seconds : 0),9:F1} req/s  faults {faults}  errors {errors}  p50 {summary.P50:F3} ms  p99 {summary.P99:F3} ms");
    }

    private async Task RunAsync(TimeSpan interval)
    {
        using var timer = new PeriodicTimer(interval);
        try
        {
            while (await timer.WaitForNextTickAsync(_stop.Token))
            {
                WriteInterval();
            }
        }
        catch (OperationCanceledException)
        {
            // Disposed: the run is over.
        }
    }

    private void WriteInterval()
    {
        var now = Stopwatch.GetTimestamp();
        var seconds = Stopwatch.GetElapsedTime(_lastTick, now).TotalSeconds;
        _lastTick = now;
        _recycled = _recorder.GetIntervalHistogram(_recycled);
        var line = FormatLine(Stopwatch.GetElapsedTime(_started, now), seconds,
            Interlocked.Exchange(ref _requests, 0), Interlocked.Exchange(ref _faults, 0), Interlocked.Exchange(ref _errors, 0), _recycled);
        if (_terminal)
        {
            // Carriage return and padding: the new line covers the old one however long it was.
            _output.Write("\r" + line.PadRight(_lineLength));
            _lineLength = line.Length;
        }
        else
        {
            _output.WriteLine(line);
        }

        _output.Flush();
    }

    /// <summary>Stops writing; on a terminal the line is ended so the report starts on a line of its own.</summary>
    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _loop;
        _stop.Dispose();
        if (_terminal && _lineLength > 0)
        {
            _output.WriteLine();
        }
    }
}
