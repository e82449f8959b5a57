namespace LoadClient.Envelopes;

/// <summary>
/// Where a per-request GUID sits in a request template (the wsa:MessageID, or a one-way order's id), so each request
/// can carry its own without re-serializing: text XML holds the GUID as 36 ASCII chars (after <c>urn:uuid:</c> in a
/// MessageID), binary XML a MessageID as a 16-byte UniqueId record and a string as its 36 characters; either way the new
/// id has the same length as the placeholder.
/// </summary>
/// <param name="Offset">Index of the first byte of the GUID in the template body.</param>
/// <param name="Binary">True for the 16-byte binary form, false for the 36-char text form.</param>
internal readonly record struct MessageIdSlot(int Offset, bool Binary)
{
    /// <summary>Bytes the GUID takes in the body.</summary>
    public int Length => Binary ? 16 : 36;

    /// <summary>Writes <paramref name="id"/> in this slot's form to <paramref name="destination"/>, which is <see cref="Length"/> long.</summary>
    public void Write(Guid id, Span<byte> destination)
    {
        var written = Binary
            ? id.TryWriteBytes(destination)
            : id.TryFormat(destination, out var count, "D") && count == 36;
        if (!written)
        {
            throw new ArgumentException($"The destination must be {Length} bytes.", nameof(destination));
        }
    }

    /// <summary>Finds the single occurrence of <paramref name="placeholder"/> in <paramref name="body"/>; null when it is missing or repeated.</summary>
    public static MessageIdSlot? Find(ReadOnlySpan<byte> body, Guid placeholder, bool binary)
    {
        Span<byte> pattern = stackalloc byte[36];
        var slot = new MessageIdSlot(0, binary);
        pattern = pattern[..slot.Length];
        slot.Write(placeholder, pattern);
        var first = body.IndexOf(pattern);
        return first >= 0 && body.LastIndexOf(pattern) == first ? slot with { Offset = first } : null;
    }
}
