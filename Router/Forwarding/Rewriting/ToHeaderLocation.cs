namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Where the text of a wsa:To header sits in a message. The bytes before <see cref="ContentStart"/> and from
/// <see cref="ContentEnd"/> on stay as they are; only the range between them is replaced.
/// </summary>
/// <param name="NameStart">Offset of the element's qualified name (just after its '&lt;').</param>
/// <param name="NameLength">Length of the qualified name, prefix and colon included.</param>
/// <param name="ContentStart">
/// Offset just after the start tag's '&gt;'; for an empty element, the offset of the '/' in its "/&gt;".
/// </param>
/// <param name="ContentEnd">Offset of the end tag's "&lt;/"; for an empty element, just after its "/&gt;".</param>
/// <param name="IsEmptyElement">The element was written as &lt;a:To/&gt; and needs a start tag, text and end tag.</param>
internal readonly record struct ToHeaderLocation(
    int NameStart,
    int NameLength,
    int ContentStart,
    int ContentEnd,
    bool IsEmptyElement)
{
    /// <summary>This location moved <paramref name="offset"/> bytes on: found in a part of a message (MTOM's root part), placed in the whole.</summary>
    public ToHeaderLocation Offset(int offset) =>
        this with { NameStart = NameStart + offset, ContentStart = ContentStart + offset, ContentEnd = ContentEnd + offset };
}
