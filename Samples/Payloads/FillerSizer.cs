namespace Samples.Payloads;

/// <summary>Finds the filler length that makes a serialized payload a requested size.</summary>
internal static class FillerSizer
{
    /// <summary>
    /// Solves size(length) = target, using that the serialized size grows linearly with the filler
    /// (one byte per char, 4/3 per byte in base64, one per byte in binary XML): two probes suffice.
    /// </summary>
    public static int Solve(Func<int, int> sizeOf, int targetBytes, int probeLength)
    {
        ArgumentNullException.ThrowIfNull(sizeOf);
        var low = Math.Max(1, probeLength / 2);
        var sizeLow = sizeOf(low);
        var sizeHigh = sizeOf(probeLength);
        if (sizeHigh <= sizeLow)
        {
            return low;
        }

        var perUnit = (double)(sizeHigh - sizeLow) / (probeLength - low);
        var length = low + ((targetBytes - sizeLow) / perUnit);
        return (int)Math.Clamp(Math.Round(length), 0, int.MaxValue / 2);
    }
}
