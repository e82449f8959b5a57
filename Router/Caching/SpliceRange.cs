namespace SoapRouter.Caching;

/// <summary>
/// Where a stored reply's RelatesTo or MessageID content lies, to be replaced on every hit: text, the header's escaped
/// text between its tags; msbin1, from after its start record to past the record that ends it.
/// </summary>
/// <param name="Start">Offset of the first byte replaced; -1 when the reply has no such header.</param>
/// <param name="End">Offset just past the last byte replaced.</param>
internal readonly record struct SpliceRange(int Start, int End)
{
    /// <summary>The reply has no such header.</summary>
    public static SpliceRange None { get; } = new(-1, -1);

    /// <summary>True when the header is there.</summary>
    public bool IsPresent => Start >= 0;
}
