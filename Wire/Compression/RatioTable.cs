using System.Collections.Concurrent;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The ratio cells of one link by (action, size bucket). Actions come from peers, so the table is bounded: past
/// <see cref="MaxCells"/> new actions share one cell per bucket under the action <c>*</c>.
/// </summary>
internal sealed class RatioTable
{
    /// <summary>The most distinct (action, bucket) cells kept.</summary>
    public const int MaxCells = 4096;

    /// <summary>The action of the shared overflow cells (and of messages without an action, as "").</summary>
    public const string OverflowAction = "*";

    private readonly ConcurrentDictionary<(string Action, int Bucket), RatioCell> _cells = new();

    /// <summary>The cell for <paramref name="action"/> and <paramref name="length"/>.</summary>
    public RatioCell Get(string? action, int length)
    {
        var key = (action ?? "", SizeBuckets.Of(length));
        if (_cells.TryGetValue(key, out var cell))
        {
            return cell;
        }

        if (_cells.Count >= MaxCells)
        {
            key = (OverflowAction, key.Item2);
        }

        return _cells.GetOrAdd(key, static k => new RatioCell(k.Action, k.Bucket));
    }

    /// <summary>Every cell, for statistics.</summary>
    public List<RatioSnapshot> Snapshot()
    {
        var list = new List<RatioSnapshot>(_cells.Count);
        foreach (var cell in _cells.Values)
        {
            list.Add(cell.Snapshot());
        }

        list.Sort(static (a, b) => string.CompareOrdinal(a.Action, b.Action) is var c && c != 0 ? c : string.CompareOrdinal(a.SizeBucket, b.SizeBucket));
        return list;
    }
}
