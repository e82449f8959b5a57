using System.Collections.Concurrent;
using ZstdSharp;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// Zstandard contexts kept for reuse: building one costs more than compressing a small message, and a context is
/// not thread-safe. Bounded, so a burst of threads does not leave megabytes of contexts behind.
/// </summary>
internal static class ZstdContextPool
{
    private static readonly int MaxKept = Math.Max(2, Environment.ProcessorCount * 2);
    private static readonly ConcurrentQueue<Compressor>[] Compressors = [new(), new(), new()];
    private static readonly ConcurrentQueue<Decompressor> Decompressors = new();

    /// <summary>A compressor at <paramref name="level"/>; give it back with <see cref="Return(CodecLevel, Compressor)"/>.</summary>
    public static Compressor RentCompressor(CodecLevel level) =>
        Compressors[(int)level].TryDequeue(out var compressor) ? compressor : new Compressor(ZstdCodec.LevelFor(level));

    /// <summary>Keeps <paramref name="compressor"/> for the next caller, or disposes it when enough are kept.</summary>
    public static void Return(CodecLevel level, Compressor compressor)
    {
        var queue = Compressors[(int)level];
        if (queue.Count < MaxKept)
        {
            queue.Enqueue(compressor);
        }
        else
        {
            compressor.Dispose();
        }
    }

    /// <summary>A decompressor; give it back with <see cref="Return(Decompressor)"/>.</summary>
    public static Decompressor RentDecompressor() => Decompressors.TryDequeue(out var decompressor) ? decompressor : new Decompressor();

    /// <summary>Keeps <paramref name="decompressor"/> for the next caller, or disposes it when enough are kept.</summary>
    public static void Return(Decompressor decompressor)
    {
        if (Decompressors.Count < MaxKept)
        {
            Decompressors.Enqueue(decompressor);
        }
        else
        {
            decompressor.Dispose();
        }
    }
}
