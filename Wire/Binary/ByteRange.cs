namespace SoapRouter.Wire.Binary;

/// <summary>A range of a message's bytes, kept as offsets so a scanner's records can live in stack memory.</summary>
/// <param name="Start">Offset of the first byte.</param>
/// <param name="Length">Number of bytes.</param>
public readonly record struct ByteRange(int Start, int Length)
{
    /// <summary>The bytes of this range in <paramref name="xml"/>.</summary>
    public ReadOnlySpan<byte> Of(ReadOnlySpan<byte> xml) => xml.Slice(Start, Length);
}
