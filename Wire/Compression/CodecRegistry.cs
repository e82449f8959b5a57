using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;

namespace SoapRouter.Wire.Compression;

/// <summary>
/// The codecs a process knows, by configuration name, HTTP token and wire id; built once, read without locks.
/// <see cref="Default"/> holds none, lz4, deflate, gzip, brotli and zstd; a custom codec joins through the constructor.
/// </summary>
public sealed class CodecRegistry
{
    private readonly FrozenDictionary<string, ICompressionCodec> _byName;
    private readonly FrozenDictionary<string, ICompressionCodec> _byToken;
    private readonly ICompressionCodec?[] _byId = new ICompressionCodec?[CodecSet.Capacity];

    /// <summary>Builds a registry of <paramref name="codecs"/>; names, tokens and ids must be unique.</summary>
    public CodecRegistry(IEnumerable<ICompressionCodec> codecs)
    {
        ArgumentNullException.ThrowIfNull(codecs);
        var byName = new Dictionary<string, ICompressionCodec>(StringComparer.OrdinalIgnoreCase);
        var byToken = new Dictionary<string, ICompressionCodec>(StringComparer.OrdinalIgnoreCase);
        var all = new List<ICompressionCodec>();
        foreach (var codec in codecs)
        {
            if ((int)codec.Id >= CodecSet.Capacity)
            {
                throw new ArgumentException($"Codec {codec.Name} has id {(int)codec.Id}; ids must be below {CodecSet.Capacity}.", nameof(codecs));
            }

            if (!byName.TryAdd(codec.Name, codec) || !byToken.TryAdd(codec.HttpToken, codec) || _byId[(int)codec.Id] is not null)
            {
                throw new ArgumentException($"Codec {codec.Name} repeats a name, token or id of another codec.", nameof(codecs));
            }

            _byId[(int)codec.Id] = codec;
            all.Add(codec);
            All |= CodecSet.Of(codec.Id).Bits;
        }

        _byName = byName.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
        _byToken = byToken.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
        Codecs = all;
    }

    /// <summary>Every built-in codec.</summary>
    public static CodecRegistry Default { get; } = new(
    [
        new NoneCodec(), new Lz4Codec(), new DeflateCodec(), new GZipCodec(), new BrotliCodec(), new ZstdCodec(),
    ]);

    /// <summary>The codecs, in registration order.</summary>
    public IReadOnlyList<ICompressionCodec> Codecs { get; }

    /// <summary>The ids of every codec, as bits of a <see cref="CodecSet"/>.</summary>
    public ulong All { get; }

    /// <summary>The ids of every codec.</summary>
    public CodecSet AllCodecs => new(All);

    /// <summary>The codec named <paramref name="name"/> in configuration (case-insensitive).</summary>
    public bool TryGetByName(string name, [NotNullWhen(true)] out ICompressionCodec? codec) => _byName.TryGetValue(name, out codec);

    /// <summary>
    /// Checks <paramref name="names"/>, a list of codecs to choose from (a config's codecs, a tool's codec option): every
    /// entry that is unknown, 'none' or a repeat, in order; <paramref name="codecs"/> gets the codecs it names, in order,
    /// once each. The one check of such lists: each caller words the problems for its own input.
    /// </summary>
    public IReadOnlyList<CodecListEntry> Check(IReadOnlyList<string?> names, out IReadOnlyList<ICompressionCodec> codecs)
    {
        ArgumentNullException.ThrowIfNull(names);
        var problems = new List<CodecListEntry>();
        var named = new List<ICompressionCodec>(names.Count);
        for (var i = 0; i < names.Count; i++)
        {
            var name = names[i];
            if (!TryGetByName(name ?? "", out var codec))
            {
                problems.Add(new CodecListEntry(i, name, CodecListProblem.Unknown));
            }
            else if (codec.Id == CodecId.None)
            {
                problems.Add(new CodecListEntry(i, name, CodecListProblem.None));
            }
            else if (named.Contains(codec))
            {
                problems.Add(new CodecListEntry(i, name, CodecListProblem.Repeated));
            }
            else
            {
                named.Add(codec);
            }
        }

        codecs = named;
        return problems;
    }

    /// <summary>The codec whose HTTP token is <paramref name="token"/> (case-insensitive).</summary>
    public bool TryGetByToken(ReadOnlySpan<char> token, [NotNullWhen(true)] out ICompressionCodec? codec) =>
        _byToken.GetAlternateLookup<ReadOnlySpan<char>>().TryGetValue(token, out codec);

    /// <summary>The codec with wire id <paramref name="id"/>.</summary>
    public bool TryGetById(CodecId id, [NotNullWhen(true)] out ICompressionCodec? codec)
    {
        codec = (int)id < _byId.Length ? _byId[(int)id] : null;
        return codec is not null;
    }

    /// <summary>The codec with wire id <paramref name="id"/>; throws for an unknown id (a bug, ids come from parsing).</summary>
    public ICompressionCodec this[CodecId id] =>
        TryGetById(id, out var codec) ? codec : throw new ArgumentOutOfRangeException(nameof(id), id, "No codec has this id.");
}
