using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using SoapRouter.Telemetry;

namespace SoapRouter.Admin;

/// <summary>
/// Latency per route and per destination for the operator's page, read from the router's own duration histograms
/// (<see cref="MetricNames.MessageDuration"/>, <see cref="MetricNames.AttemptDuration"/>) with a <see cref="MeterListener"/>:
/// no second timing in the message path. It listens only from the first <see cref="Snapshot"/> on, so a router whose page
/// was never opened records nothing more than before. Counts are cumulative; the page takes percentiles of the
/// difference between two reads, so any number of pages can read without the router keeping state per page.
/// </summary>
internal sealed class LatencyRecorder : IDisposable
{
    private const string RouteTag = "soaprouter.route";
    private const string DestinationTag = "soaprouter.destination";

    private readonly Meter _meter;
    private readonly ConcurrentDictionary<string, long[]> _routes = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, long[]> _destinations = new(StringComparer.Ordinal);
    private readonly Lock _gate = new();
    private MeterListener? _listener;

    /// <summary>Reads the instruments of <paramref name="metrics"/>' Meter only (other routers in the process have their own).</summary>
    public LatencyRecorder(RouterMetrics metrics)
    {
        ArgumentNullException.ThrowIfNull(metrics);
        _meter = metrics.Meter;
    }

    /// <summary>The counts per bucket (<see cref="LatencyBuckets"/>) of every route and destination seen, trailing zeros left out.</summary>
    public LatencySnapshot Snapshot()
    {
        EnsureListening();
        return new LatencySnapshot(LatencyBuckets.BoundsMs, Read(_routes), Read(_destinations));
    }

    /// <summary>Counts one duration of <paramref name="seconds"/> for <paramref name="name"/> (tests and the listener).</summary>
    internal void Record(bool route, string name, double seconds)
    {
        var counts = route ? _routes : _destinations;
        if (!counts.TryGetValue(name, out var buckets))
        {
            buckets = counts.GetOrAdd(name, static _ => new long[LatencyBuckets.Count]);
        }

        Interlocked.Increment(ref buckets[LatencyBuckets.Of(seconds)]);
    }

    /// <inheritdoc />
    public void Dispose()
    {
        lock (_gate)
        {
            _listener?.Dispose();
            _listener = null;
        }
    }

    private void EnsureListening()
    {
        if (Volatile.Read(ref _listener) is not null)
        {
            return;
        }

        lock (_gate)
        {
            if (_listener is not null)
            {
                return;
            }

            var listener = new MeterListener
            {
                InstrumentPublished = (instrument, l) =>
                {
                    if (ReferenceEquals(instrument.Meter, _meter) && instrument.Name is MetricNames.MessageDuration or MetricNames.AttemptDuration)
                    {
                        l.EnableMeasurementEvents(instrument, instrument.Name == MetricNames.MessageDuration);
                    }
                },
            };
            listener.SetMeasurementEventCallback<double>(OnMeasurement);
            listener.Start();
            Volatile.Write(ref _listener, listener);
        }
    }

    private void OnMeasurement(Instrument instrument, double seconds, ReadOnlySpan<KeyValuePair<string, object?>> tags, object? state)
    {
        var route = state is true;
        var tag = route ? RouteTag : DestinationTag;
        foreach (var (key, value) in tags)
        {
            if (key == tag && value is string name)
            {
                Record(route, name, seconds);
                return;
            }
        }
    }

    private static SortedDictionary<string, long[]> Read(ConcurrentDictionary<string, long[]> counts)
    {
        var result = new SortedDictionary<string, long[]>(StringComparer.Ordinal);
        foreach (var (name, buckets) in counts)
        {
            var last = buckets.Length - 1;
            while (last >= 0 && Interlocked.Read(ref buckets[last]) == 0)
            {
                last--;
            }

            var copy = new long[last + 1];
            for (var i = 0; i <= last; i++)
            {
                copy[i] = Interlocked.Read(ref buckets[i]);
            }

            result[name] = copy;
        }

        return result;
    }
}
