using System.Numerics;

namespace SoapRouter.Wire.Compression;

/// <summary>Message sizes grouped by powers of two: the seed's "messages of similar size" for the ratio per action.</summary>
public static class SizeBuckets
{
    /// <summary>The bucket of <paramref name="length"/>: floor(log2), so bucket 10 holds 1 KiB up to 2 KiB - 1.</summary>
    public static int Of(int length) => length <= 1 ? 0 : BitOperations.Log2((uint)length);

    /// <summary>The bucket's range for people, e.g. <c>1K-2K</c>.</summary>
    public static string Describe(int bucket) => $"{Format(1L << bucket)}-{Format(1L << (bucket + 1))}";

    private static string Format(long bytes) => bytes switch
    {
        >= 1L << 20 => $"{bytes >> 20}M",
        >= 1L << 10 => $"{bytes >> 10}K",
        _ => bytes.ToString(System.Globalization.CultureInfo.InvariantCulture),
    };
}
