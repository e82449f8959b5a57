using System.Text;
using LoadClient.Envelopes;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Compression;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Makes input <c>index</c> of one target from (seed, target, index) alone: every 50th is a seed unchanged (a valid
/// request, which must get a reply), the others one to three stacked structure-aware or byte mutations of a seed.
/// </summary>
internal sealed class InputGenerator
{
    private readonly FuzzTarget _target;
    private readonly int _seed;
    private readonly SeedCorpus _corpus;
    private readonly ICompressionCodec? _codec;
    private readonly SeedCorpus? _textCorpus;

    /// <summary>The generator of <paramref name="target"/>'s inputs in run <paramref name="seed"/>, addressed to <paramref name="endpoints"/>.</summary>
    public InputGenerator(FuzzTarget target, int seed, FuzzEndpoints endpoints)
    {
        _target = target;
        _seed = seed;
        _corpus = target.Kind switch
        {
            FuzzTargetKind.BasicHttp => SeedCorpus.ForHttp(WireBindings.BasicHttp, endpoints.BasicHttp),
            FuzzTargetKind.Soap12Http => SeedCorpus.ForHttp(WireBindings.Soap12Http, endpoints.Soap12Http),
            FuzzTargetKind.NetTcp => SeedCorpus.ForNetTcp(endpoints.NetTcp, tls: false),
            FuzzTargetKind.NetTcpTls => SeedCorpus.ForNetTcp(endpoints.NetTcpTls, tls: true),
            _ => SeedCorpus.ForHttp(WireBindings.BinaryHttp, endpoints.BinaryHttp),
        };
        if (target.Kind == FuzzTargetKind.Compressed)
        {
            _codec = CodecRegistry.Default.TryGetByName(target.Codec!, out var codec) ? codec : throw new ArgumentException($"No codec '{target.Codec}'.", nameof(target));
            _textCorpus = SeedCorpus.ForHttp(WireBindings.Soap12Http, endpoints.Soap12Http);
        }
    }

    /// <summary>Input <paramref name="index"/>.</summary>
    public FuzzInput Generate(long index)
    {
        var random = InputRandom.For(_seed, _target.Name, index);
        var valid = index % 50 == 0;
        return _target.Kind switch
        {
            FuzzTargetKind.NetTcp or FuzzTargetKind.NetTcpTls => NetTcp(random, valid),
            FuzzTargetKind.Compressed => Compressed(random, valid),
            _ => Http(random, valid, _corpus),
        };
    }

    private static FuzzInput Http(Random random, bool valid, SeedCorpus corpus)
    {
        var template = corpus.Templates[random.Next(corpus.Templates.Count)];
        var described = new StringBuilder();
        var body = valid ? template.Body : MutateEnvelope(random, template.Body, template.ContentType.Contains("msbin", StringComparison.Ordinal), described);
        var headers = new List<KeyValuePair<string, string>>();
        if (template.SoapActionHeader is { } action)
        {
            headers.Add(new("SOAPAction", action));
        }

        var contentType = template.ContentType;
        if (!valid && random.Next(8) == 0)
        {
            HttpHeaderMutations.Apply(random, headers, ref contentType, described);
        }

        return new FuzzInput(valid ? "valid" : described.ToString().TrimEnd(), body) { ContentType = contentType, Headers = headers };
    }

    private static byte[] MutateEnvelope(Random random, byte[] envelope, bool binary, StringBuilder described)
    {
        var mutated = envelope;
        var steps = 1 + random.Next(3);
        for (var i = 0; i < steps; i++)
        {
            mutated = random.Next(5) < 3
                ? binary ? BinaryXmlMutations.Apply(random, mutated, session: false, described) : XmlMutations.Apply(random, mutated, described)
                : ByteMutations.Apply(random, mutated, binary ? static r => FuzzDictionary.MultiByteInt(r) : FuzzDictionary.TextToken, envelope, described);
        }

        return mutated;
    }

    private FuzzInput NetTcp(Random random, bool valid)
    {
        var records = _corpus.SessionRecords.ToList();
        var tls = _target.Kind == FuzzTargetKind.NetTcpTls;
        var described = new StringBuilder();
        var steps = valid ? 0 : 1 + random.Next(3);

        // TLS: a mutation either before the upgrade (the plain preamble, or junk for a handshake) or inside TLS.
        var inside = tls && random.Next(3) != 0;
        var split = tls ? _corpus.PreambleRecords + 1 : records.Count;
        var plain = records.GetRange(0, split);
        var tunnelled = records.GetRange(split, records.Count - split);
        for (var i = 0; i < steps; i++)
        {
            FramingMutations.Apply(random, inside ? tunnelled : plain, described);
        }

        var body = Concat(plain);
        var inner = Concat(tunnelled);
        if (!valid && random.Next(6) == 0)
        {
            // Bytes of the part being mutated, without regard to records.
            ref var bytes = ref inside ? ref inner : ref body;
            bytes = ByteMutations.Apply(random, bytes, static r => [FuzzDictionary.FramingRecordTypes[r.Next(FuzzDictionary.FramingRecordTypes.Length)]], bytes, described);
        }

        if (tls && !valid && !inside && random.Next(2) == 0)
        {
            // Junk where the TLS handshake should start.
            var junk = new byte[1 + random.SkewedLength(20_000)];
            random.NextBytes(junk);
            junk[0] = random.Next(2) == 0 ? (byte)0x16 : junk[0];
            described.Append("handshake-junk+").Append(junk.Length);
            return new FuzzInput(described.ToString(), [.. body, .. junk]);
        }

        // A mutated plain part is sent alone and our side ended: the router must answer or close (waiting for the rest
        // of a preamble cut short is not a hang once the client has said it is done).
        var handshake = tls && (valid || inside);
        return new FuzzInput(valid ? "valid" : described.ToString().TrimEnd(), body) { Tunnelled = handshake ? inner : null };
    }

    private FuzzInput Compressed(Random random, bool valid) => CompressedInputs.Create(random, valid, _codec!, _corpus, _textCorpus!);

    private static byte[] Concat(List<byte[]> records)
    {
        var result = new byte[records.Sum(r => r.Length)];
        var at = 0;
        foreach (var record in records)
        {
            record.CopyTo(result, at);
            at += record.Length;
        }

        return result;
    }

    /// <summary>One mutated envelope (for the compressed inputs): the same mutations an uncompressed body gets.</summary>
    internal static byte[] Mutate(Random random, byte[] envelope, bool binary, StringBuilder described) => MutateEnvelope(random, envelope, binary, described);
}
