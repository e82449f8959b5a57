using System.Buffers;
using System.Xml;
using SharpFuzz;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Routing.StreamingXPath;
using SoapRouter.Wire.Compression;
using SoapRouter.Wire.Framing;

// One harness per parser, named by the first argument; afl-fuzz runs it out of process (scripts/fuzz-coverage.sh).
// An exception a parser is allowed to end in (a refusal) is caught here; any other is a crash AFL records.
var harnesses = new Dictionary<string, Action<byte[]>>(StringComparer.Ordinal)
{
    ["preamble"] = data => PreambleDecoder.Decode(new ReadOnlySequence<byte>(data)),
    ["envelope-record"] = data => EnvelopeRecordDecoder.Decode(new ReadOnlySequence<byte>(data), 65536),
    ["text-to"] = data => ToHeaderRewriter.Locate(data, out _, out _),
    ["msbin1-to"] = data => Msbin1ToRewriter.Locate(data, out _, out _),
    ["xpath"] = StreamingXPathHarness.Run,
    ["gzip"] = data => Decompress(CompressionCodecNames.GZip, data),
    ["deflate"] = data => Decompress(CompressionCodecNames.Deflate, data),
    ["brotli"] = data => Decompress(CompressionCodecNames.Brotli, data),
    ["lz4"] = data => Decompress(CompressionCodecNames.Lz4, data),
    ["zstd"] = data => Decompress(CompressionCodecNames.Zstd, data),
};

if (args.Length != 1 || !harnesses.TryGetValue(args[0], out var harness))
{
    Console.Error.WriteLine($"usage: FuzzCoverage <{string.Join('|', harnesses.Keys)}>  (run by afl-fuzz; scripts/fuzz-coverage.sh)");
    return 2;
}

Fuzzer.OutOfProcess.Run(stream =>
{
    using var copy = new MemoryStream();
    stream.CopyTo(copy);
    harness(copy.ToArray());
});
return 0;

static void Decompress(string codecName, byte[] data)
{
    CodecRegistry.Default.TryGetByName(codecName, out var codec);

    // LZ4 needs the original length: the first four octets claim it, as X-Soap-Original-Length would.
    int? claimed = codec!.RequiresOriginalLength && data.Length >= 4 ? BitConverter.ToInt32(data, 0) : null;
    try
    {
        codec.Decompress(data.AsMemory(claimed is null ? 0 : 4), new ArrayBufferWriter<byte>(), claimed, 1024 * 1024);
    }
    catch (DecompressionException)
    {
        // Refused: corrupt data or a bomb, the outcomes a decoder may have.
    }
}

/// <summary>The streaming XPath: a fixed query over the input as XML, and the input's first line as a query.</summary>
internal static class StreamingXPathHarness
{
    private static readonly XmlReaderSettings Settings = new() { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null, MaxCharactersInDocument = 1 << 20 };

    public static void Run(byte[] data)
    {
        var namespaces = new XmlNamespaceManager(new NameTable());
        namespaces.AddNamespace("s", "http://www.w3.org/2003/05/soap-envelope");
        namespaces.AddNamespace("t", "http://tempuri.org/");
        var text = System.Text.Encoding.UTF8.GetString(data);
        var newline = text.IndexOf('\n', StringComparison.Ordinal);
        var expression = newline < 0 ? text : text[..newline];
        _ = StreamingQueryParser.TryParse(expression, namespaces);
        var query = StreamingQueryParser.TryParse("//t:Text = 'x' or /s:Envelope/s:Body/t:Echo[t:Blob > 10]", namespaces)
            ?? StreamingQueryParser.TryParse("//t:Text = 'x'", namespaces)!;
        try
        {
            using var reader = XmlReader.Create(new MemoryStream(data, newline + 1, data.Length - newline - 1), Settings);
            query.Evaluate(reader);
        }
        catch (XmlException)
        {
            // Not well-formed: the filter's reader refuses it, as the router does.
        }
    }
}
