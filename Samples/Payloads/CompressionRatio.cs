using System.IO.Compression;

namespace Samples.Payloads;

/// <summary>Measures how well bytes compress: compressed size divided by original size (lower is better).</summary>
public static class CompressionRatio
{
    /// <summary>Ratio with raw Deflate at <see cref="CompressionLevel.Optimal"/>.</summary>
    public static double Deflate(ReadOnlySpan<byte> data) => Measure(data, static s => new DeflateStream(s, CompressionLevel.Optimal, leaveOpen: true));

    /// <summary>Ratio with GZip at <see cref="CompressionLevel.Optimal"/> (Deflate plus an 18-byte frame).</summary>
    public static double GZip(ReadOnlySpan<byte> data) => Measure(data, static s => new GZipStream(s, CompressionLevel.Optimal, leaveOpen: true));

    private static double Measure(ReadOnlySpan<byte> data, Func<Stream, Stream> compressor)
    {
        if (data.IsEmpty)
        {
            return 1.0;
        }

        using var output = new MemoryStream();
        using (var stream = compressor(output))
        {
            stream.Write(data);
        }

        return (double)output.Length / data.Length;
    }
}
