namespace SoapRouter.Configuration;

/// <summary>Finds the known name closest to a misspelt one, so "destinaton" gets "did you mean 'destinations'?".</summary>
internal static class NameSuggester
{
    /// <summary>The candidate closest to <paramref name="name"/> by edit distance (case-insensitive), or null when none is close.</summary>
    public static string? Closest(string name, IEnumerable<string> candidates)
    {
        string? best = null;
        var bestDistance = int.MaxValue;
        foreach (var candidate in candidates)
        {
            var distance = Distance(name.ToUpperInvariant(), candidate.ToUpperInvariant());
            if (distance < bestDistance)
            {
                best = candidate;
                bestDistance = distance;
            }
        }

        // Beyond a third of the name the "suggestion" is a different word, which misleads more than it helps.
        var allowed = Math.Max(2, name.Length / 3);
        return bestDistance <= allowed ? best : null;
    }

    private static int Distance(string a, string b)
    {
        // Levenshtein with two rolling rows; names are short and this runs only when a config is wrong.
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (var j = 0; j <= b.Length; j++)
        {
            previous[j] = j;
        }

        for (var i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                var cost = a[i - 1] == b[j - 1] ? 0 : 1;
                current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }

            (previous, current) = (current, previous);
        }

        return previous[b.Length];
    }
}
