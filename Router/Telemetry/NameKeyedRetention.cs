using System.Collections.Concurrent;

namespace SoapRouter.Telemetry;

/// <summary>Pruning of what is kept per route or destination name, so a name a reload removed leaves /stats and the logs.</summary>
internal static class NameKeyedRetention
{
    /// <summary>Removes the entries whose name is not in <paramref name="names"/>, passing each removed value to <paramref name="removed"/>.</summary>
    public static void RetainNames<TValue>(this ConcurrentDictionary<string, TValue> entries, IReadOnlySet<string> names, Action<TValue>? removed = null)
    {
        ArgumentNullException.ThrowIfNull(entries);
        ArgumentNullException.ThrowIfNull(names);
        foreach (var name in entries.Keys)
        {
            if (!names.Contains(name) && entries.TryRemove(name, out var value))
            {
                removed?.Invoke(value);
            }
        }
    }
}
