namespace SoapRouter.Wire.Binary;

/// <summary>One attribute of a start tag read by <see cref="TextToMsbin1Walk"/>: its name and its value between the quotes.</summary>
/// <param name="Name">The attribute's qualified name.</param>
/// <param name="Value">The value as written, without its quotes.</param>
/// <param name="DecodedLength">The UTF-8 length of the value once its references are replaced.</param>
internal readonly record struct TextAttribute(TextName Name, ByteRange Value, int DecodedLength)
{
    /// <summary>True for a namespace declaration: xmlns="..." or xmlns:p="...".</summary>
    public bool IsDeclaration(ReadOnlySpan<byte> xml) =>
        Name.PrefixLength == 0 ? Name.Range.Of(xml).SequenceEqual("xmlns"u8) : Name.Prefix(xml).SequenceEqual("xmlns"u8);
}
