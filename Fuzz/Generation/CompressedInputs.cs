using System.Buffers;
using System.Globalization;
using System.Text;
using LoadClient.Envelopes;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Compressed HTTP bodies in one codec: a mutated envelope compressed (hostile content behind a valid stream), a valid
/// envelope's compressed bytes mutated (the decoder's own input), a bomb (an envelope of tens of MB of one byte), a body
/// compressed twice, and a lying X-Soap-Original-Length. gzip and deflate go half in WCF's form
/// (<c>application/soap+msbin1+gzip</c>), the rest as Content-Encoding on msbin1 or SOAP 1.2 text.
/// </summary>
internal static class CompressedInputs
{
    private static readonly Dictionary<string, byte[]> Bombs = [];

    /// <summary>One compressed input.</summary>
    public static FuzzInput Create(Random random, bool valid, ICompressionCodec codec, SeedCorpus binary, SeedCorpus text)
    {
        var useBinary = random.Next(2) == 0;
        var template = (useBinary ? binary : text).Templates[random.Next(3)];
        var wcfForm = useBinary && codec.Name is CompressionCodecNames.GZip or CompressionCodecNames.Deflate && random.Next(2) == 0;
        var described = new StringBuilder(wcfForm ? "wcf-form " : "content-encoding ");
        var plain = template.Body;
        byte[] body;
        var mode = valid ? -1 : random.Next(10);
        if (mode is >= 0 and < 4)
        {
            plain = InputGenerator.Mutate(random, plain, useBinary, described);
            body = Compress(codec, plain);
        }
        else if (mode is >= 4 and < 8)
        {
            var compressed = Compress(codec, plain);
            body = ByteMutations.Apply(random, compressed, static r => FuzzDictionary.MultiByteInt(r), compressed, described);
        }
        else if (mode == 8)
        {
            described.Append("bomb ");
            body = Bomb(codec, template.Body);
            plain = new byte[body.Length];
        }
        else if (mode == 9)
        {
            described.Append("twice ");
            body = Compress(codec, Compress(codec, plain));
        }
        else
        {
            body = Compress(codec, plain);
        }

        var headers = new List<KeyValuePair<string, string>>();
        if (template.SoapActionHeader is { } action)
        {
            headers.Add(new("SOAPAction", action));
        }

        if (!wcfForm)
        {
            headers.Add(new(CompressionHeaders.ContentEncoding, codec.HttpToken));
        }

        var length = plain.Length;
        if (!valid && random.Next(5) == 0)
        {
            length = FuzzDictionary.InterestingSizes[random.Next(FuzzDictionary.InterestingSizes.Length)];
            described.Append("original-length ").Append(length).Append(' ');
        }

        if (mode != 8 && (codec.RequiresOriginalLength || random.Next(2) == 0))
        {
            headers.Add(new(CompressionHeaders.OriginalLength, length.ToString(CultureInfo.InvariantCulture)));
        }

        var contentType = wcfForm ? HttpBodyEncoding.WcfContentType(template.ContentType, codec) : template.ContentType;
        return new FuzzInput(valid ? "valid" : described.ToString().TrimEnd(), body) { ContentType = contentType, Headers = headers };
    }

    private static byte[] Compress(ICompressionCodec codec, byte[] plain)
    {
        var output = new ArrayBufferWriter<byte>(plain.Length / 2 + 64);
        codec.Compress(plain, output, CodecLevel.Fast);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>An envelope whose body is 64 MB of one byte, compressed once per codec and kept (tens of KB).</summary>
    private static byte[] Bomb(ICompressionCodec codec, byte[] envelope)
    {
        lock (Bombs)
        {
            if (!Bombs.TryGetValue(codec.Name, out var bomb))
            {
                var body = new byte[64 * 1024 * 1024];
                body.AsSpan().Fill((byte)'A');
                envelope.CopyTo(body, 0);
                bomb = Compress(codec, body);
                Bombs[codec.Name] = bomb;
            }

            return bomb;
        }
    }
}
