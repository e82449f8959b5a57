using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>An element's or declaration's prefix in msbin1: one of the records' implied letters a-z, or inline bytes ("" for none).</summary>
internal readonly struct Msbin1Prefix
{
    private Msbin1Prefix(byte letter, ByteRange inline)
    {
        Letter = letter;
        Inline = inline;
    }

    /// <summary>The implied letter ('a'..'z'), or 0 for an inline prefix.</summary>
    public byte Letter { get; }

    /// <summary>An inline prefix's bytes (empty for the default namespace).</summary>
    public ByteRange Inline { get; }

    /// <summary>No prefix: the default namespace.</summary>
    public static Msbin1Prefix None => default;

    /// <summary>A letter prefix implied by the record type.</summary>
    public static Msbin1Prefix FromLetter(int index) => new((byte)('a' + index), default);

    /// <summary>An inline prefix.</summary>
    public static Msbin1Prefix FromInline(ByteRange range) => new(0, range);

    /// <summary>True when both spell the same prefix.</summary>
    public bool SameAs(Msbin1Prefix other, ReadOnlySpan<byte> data)
    {
        if (Letter != 0 && other.Letter != 0)
        {
            return Letter == other.Letter;
        }

        if (Letter != 0 || other.Letter != 0)
        {
            var letter = Letter != 0 ? Letter : other.Letter;
            var inline = Letter != 0 ? other.Inline : Inline;
            return inline.Length == 1 && data[inline.Start] == letter;
        }

        return Inline.Of(data).SequenceEqual(other.Inline.Of(data));
    }
}
