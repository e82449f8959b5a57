using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>Where an element or attribute name sits in the message, and how long its prefix is.</summary>
/// <param name="Range">The whole name, prefix and colon included.</param>
/// <param name="PrefixLength">Length of the prefix without the colon; 0 when the name has none.</param>
internal readonly record struct QualifiedName(ByteRange Range, int PrefixLength)
{
    /// <summary>The prefix bytes; empty for an unprefixed name.</summary>
    public ReadOnlySpan<byte> Prefix(ReadOnlySpan<byte> xml) => xml.Slice(Range.Start, PrefixLength);

    /// <summary>The local name bytes.</summary>
    public ReadOnlySpan<byte> LocalName(ReadOnlySpan<byte> xml) =>
        PrefixLength == 0 ? Range.Of(xml) : xml.Slice(Range.Start + PrefixLength + 1, Range.Length - PrefixLength - 1);
}
