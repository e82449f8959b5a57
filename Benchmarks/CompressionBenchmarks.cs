using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Samples.Payloads;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Benchmarks;

/// <summary>
/// Each codec at each level on one ~150 KB medium-compressible message (the Samples orders of
/// <see cref="PayloadProfile.Compressible"/> as binary XML, what a binary link compresses): compress and decompress
/// time, with the throughput in MB/s of original bytes and the compressed size over the original as columns. The
/// numbers seed the adaptive policy's speed table (CodecSpeedTable); see Wire/Compression/LEVELS.md.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Columns))]
public class CompressionBenchmarks : IDisposable
{
    private static readonly byte[] Payload = PayloadSerializer.Serialize(
        new PayloadGenerator(PayloadProfile.Compressible, 42).CreateOrders(150 * 1024, PayloadEncoding.BinaryXml), PayloadEncoding.BinaryXml);

    private readonly PooledBufferWriter _output = new(Payload.Length * 2);
    private ICompressionCodec _codec = null!;
    private byte[] _compressed = [];

    /// <summary>The codec's configuration name.</summary>
    [Params("lz4", "zstd", "brotli", "gzip", "deflate")]
    public string Codec { get; set; } = "";

    /// <summary>The level.</summary>
    [Params(CodecLevel.Fast, CodecLevel.Normal, CodecLevel.Max)]
    public CodecLevel Level { get; set; }

    /// <summary>Compresses the payload once, for the decompress benchmark and the ratio column.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _codec = CodecRegistry.Default.TryGetByName(Codec, out var codec) ? codec : throw new InvalidOperationException(Codec);
        _output.Reset();
        _codec.Compress(Payload, _output, Level);
        _compressed = _output.ToArray();
    }

    /// <summary>One message compressed.</summary>
    [Benchmark]
    public int Compress()
    {
        _output.Reset();
        return _codec.Compress(Payload, _output, Level);
    }

    /// <summary>One message decompressed, with its length known (the adaptive form).</summary>
    [Benchmark]
    public int Decompress()
    {
        _output.Reset();
        return _codec.Decompress(_compressed, _output, Payload.Length, 8 << 20);
    }

    /// <summary>Returns the output buffer.</summary>
    [GlobalCleanup]
    public void Dispose()
    {
        _output.Dispose();
        GC.SuppressFinalize(this);
    }

    private static double SizeRatio(BenchmarkCase benchmark)
    {
        var codecName = (string)benchmark.Parameters["Codec"];
        var level = (CodecLevel)benchmark.Parameters["Level"];
        var codec = CodecRegistry.Default.TryGetByName(codecName, out var found) ? found : throw new InvalidOperationException(codecName);
        using var output = new PooledBufferWriter();
        return (double)codec.Compress(Payload, output, level) / Payload.Length;
    }

    private sealed class Columns : ManualConfig
    {
        public Columns()
        {
            AddColumn(new DerivedColumn("MB/s", (summary, benchmark) =>
            {
                var mean = summary[benchmark]?.ResultStatistics?.Mean;
                return mean is > 0 ? (Payload.Length / (mean.Value / 1e9) / 1e6).ToString("F1", System.Globalization.CultureInfo.InvariantCulture) : "-";
            }));
            AddColumn(new DerivedColumn("Size", (_, benchmark) => SizeRatio(benchmark).ToString("F3", System.Globalization.CultureInfo.InvariantCulture)));
            AddColumn(new DerivedColumn("Bytes", (_, _) => Payload.Length.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        }
    }

    private sealed class DerivedColumn(string name, Func<Summary, BenchmarkCase, string> value) : IColumn
    {
        public string Id => "Compression." + name;

        public string ColumnName => name;

        public bool AlwaysShow => true;

        public ColumnCategory Category => ColumnCategory.Custom;

        public int PriorityInCategory => 0;

        public bool IsNumeric => true;

        public UnitType UnitType => UnitType.Dimensionless;

        public string Legend => name == "MB/s" ? "Original megabytes (10^6) per second" : name == "Size" ? "Compressed size / original size" : "Original size in bytes";

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => value(summary, benchmarkCase);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => value(summary, benchmarkCase);

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
    }
}
