using System.Buffers;
using SoapRouter.Fuzz.Generation;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Fuzz.Running;

/// <summary>
/// <c>Fuzz --write-corpus DIR</c>: the seed inputs as files, one folder per FuzzCoverage harness (scripts/fuzz-coverage.sh
/// gives them to afl-fuzz), made by the same <see cref="SeedCorpus"/> as the driver's inputs.
/// </summary>
internal static class CorpusWriter
{
    /// <summary>Writes the corpus under <paramref name="folder"/>.</summary>
    public static void Write(string folder, FuzzEndpoints endpoints)
    {
        var text = SeedCorpus.ForHttp(WireBindings.Soap12Http, endpoints.Soap12Http).Templates
            .Concat(SeedCorpus.ForHttp(WireBindings.BasicHttp, endpoints.BasicHttp).Templates).Select(t => t.Body).ToArray();
        var binary = SeedCorpus.ForHttp(WireBindings.BinaryHttp, endpoints.BinaryHttp).Templates.Select(t => t.Body).ToArray();
        var plain = SeedCorpus.ForNetTcp(endpoints.NetTcp, tls: false);
        var tls = SeedCorpus.ForNetTcp(endpoints.NetTcpTls, tls: true);

        WriteAll(folder, "text-to", text);
        WriteAll(folder, "msbin1-to", binary);
        WriteAll(folder, "xpath", [.. text.Select(t => (byte[])[.. "/s:Envelope/s:Body/*[1]\n"u8, .. t])]);
        WriteAll(folder, "preamble", [Join(plain.SessionRecords.Take(plain.PreambleRecords + 1)), Join(tls.SessionRecords.Take(tls.PreambleRecords + 1))]);
        WriteAll(folder, "envelope-record", [Join(plain.SessionRecords.Skip(plain.PreambleRecords + 1))]);
        foreach (var codec in CodecRegistry.Default.Codecs.Where(c => c.Id != CodecId.None))
        {
            WriteAll(folder, codec.Name, [.. text.Take(2).Concat(binary.Take(2)).Select(envelope => Compressed(codec, envelope))]);
        }
    }

    private static byte[] Compressed(ICompressionCodec codec, byte[] envelope)
    {
        var output = new ArrayBufferWriter<byte>();
        codec.Compress(envelope, output, CodecLevel.Fast);

        // The LZ4 harness reads the claimed original length from the first four octets.
        return codec.RequiresOriginalLength ? [.. BitConverter.GetBytes(envelope.Length), .. output.WrittenSpan] : output.WrittenSpan.ToArray();
    }

    private static byte[] Join(IEnumerable<byte[]> records) => [.. records.SelectMany(r => r)];

    private static void WriteAll(string folder, string harness, byte[][] seeds)
    {
        var directory = Directory.CreateDirectory(Path.Combine(folder, harness));
        for (var i = 0; i < seeds.Length; i++)
        {
            File.WriteAllBytes(Path.Combine(directory.FullName, $"seed{i}"), seeds[i]);
        }
    }
}
