using System.Collections.Concurrent;
using System.Diagnostics.Metrics;

namespace SoapRouter.Tests.Support;

/// <summary>
/// Listens to the instruments of one Meter instance (one router's, not every router's in this process) and keeps what
/// they measure: recorded values as they come, observable ones when <see cref="Collect"/> asks for them.
/// </summary>
internal sealed class MeterCollector : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<(string Instrument, double Value, Dictionary<string, object?> Tags)> _measurements = new();

    /// <summary>Starts listening to <paramref name="meter"/>'s instruments.</summary>
    public MeterCollector(Meter meter)
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (ReferenceEquals(instrument.Meter, meter))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.SetMeasurementEventCallback<int>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Add(instrument, value, tags));
        _listener.Start();
    }

    /// <summary>Forgets what was measured and reads every observable instrument now.</summary>
    public void Collect()
    {
        _measurements.Clear();
        _listener.RecordObservableInstruments();
    }

    /// <summary>The measurements of <paramref name="instrument"/> whose tags include every one of <paramref name="tags"/>.</summary>
    public IReadOnlyList<double> Values(string instrument, params (string Key, object? Value)[] tags) =>
        _measurements
            .Where(m => m.Instrument == instrument && tags.All(t => m.Tags.TryGetValue(t.Key, out var v) && Equals(v, t.Value)))
            .Select(m => m.Value)
            .ToList();

    /// <summary>The one measurement of an observable <paramref name="instrument"/> with <paramref name="tags"/>.</summary>
    public double Single(string instrument, params (string Key, object? Value)[] tags) => Assert.Single(Values(instrument, tags));

    public void Dispose() => _listener.Dispose();

    private void Add(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        var copy = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var (key, tagValue) in tags)
        {
            copy[key] = tagValue;
        }

        _measurements.Enqueue((instrument.Name, value, copy));
    }
}
