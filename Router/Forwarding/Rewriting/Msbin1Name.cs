using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// A name or namespace in an msbin1 record: a dictionary string id (WCF's static dictionary for msbin1) or inline
/// UTF-8 bytes of the message.
/// </summary>
internal readonly struct Msbin1Name
{
    private Msbin1Name(int dictionaryId, ByteRange inline)
    {
        DictionaryId = dictionaryId;
        Inline = inline;
    }

    /// <summary>The dictionary id; -1 for an inline string.</summary>
    public int DictionaryId { get; }

    /// <summary>Where an inline string's bytes are.</summary>
    public ByteRange Inline { get; }

    /// <summary>A dictionary reference.</summary>
    public static Msbin1Name FromDictionary(int id) => new(id, default);

    /// <summary>An inline string.</summary>
    public static Msbin1Name FromInline(ByteRange range) => new(-1, range);

    /// <summary>
    /// True when this is static dictionary string <paramref name="staticId"/> or, inline, <paramref name="text"/>. Odd
    /// ids are session strings, which msbin1 over HTTP never carries, so they match nothing.
    /// </summary>
    public bool Is(int staticId, ReadOnlySpan<byte> text, ReadOnlySpan<byte> data) =>
        DictionaryId >= 0 ? DictionaryId == staticId : Inline.Of(data).SequenceEqual(text);
}
