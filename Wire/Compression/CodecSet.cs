namespace SoapRouter.Wire.Compression;

/// <summary>A set of codec ids (what a peer accepts, what a link allows), as bits: cheap to test and to pass by value.</summary>
public readonly record struct CodecSet(ulong Bits)
{
    /// <summary>How many codec ids a set can hold.</summary>
    public const int Capacity = 64;

    /// <summary>No codec at all (not even identity).</summary>
    public static CodecSet Empty => default;

    /// <summary>Only <see cref="CodecId.None"/>: a peer that speaks no compression.</summary>
    public static CodecSet IdentityOnly => Of(CodecId.None);

    /// <summary>Whether the set holds no codec.</summary>
    public bool IsEmpty => Bits == 0;

    /// <summary>A set of one codec.</summary>
    public static CodecSet Of(CodecId id) => new(1UL << (int)id);

    /// <summary>Whether <paramref name="id"/> is in the set.</summary>
    public bool Contains(CodecId id) => (Bits & (1UL << (int)id)) != 0;

    /// <summary>This set with <paramref name="id"/> added.</summary>
    public CodecSet With(CodecId id) => new(Bits | (1UL << (int)id));

    /// <summary>This set without <paramref name="id"/>.</summary>
    public CodecSet Without(CodecId id) => new(Bits & ~(1UL << (int)id));

    /// <summary>The codecs in both sets.</summary>
    public CodecSet Intersect(CodecSet other) => new(Bits & other.Bits);
}
