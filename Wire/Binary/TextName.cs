namespace SoapRouter.Wire.Binary;

/// <summary>A qualified name in text XML, kept as offsets: the whole name and the length of its prefix (0 for none).</summary>
/// <param name="Range">The whole name, prefix and colon included.</param>
/// <param name="PrefixLength">Bytes of the prefix before the colon; 0 when the name has none.</param>
internal readonly record struct TextName(ByteRange Range, int PrefixLength)
{
    /// <summary>The prefix (empty when there is none).</summary>
    public ReadOnlySpan<byte> Prefix(ReadOnlySpan<byte> xml) => xml.Slice(Range.Start, PrefixLength);

    /// <summary>The local name.</summary>
    public ReadOnlySpan<byte> Local(ReadOnlySpan<byte> xml) =>
        PrefixLength == 0 ? Range.Of(xml) : xml.Slice(Range.Start + PrefixLength + 1, Range.Length - PrefixLength - 1);
}
