namespace BackendStub.Service;

/// <summary>
/// Lets the stub's August 2004 net.tcp endpoint read what a WCF client sends: System.ServiceModel 10.1 throws
/// PlatformNotSupportedException reading an anonymous August 2004 ReplyTo, which every WCF client writes on a request.
/// The stub answers on the session whatever the ReplyTo says, so the header is cut out of the received msbinsession1
/// payload before the session's reader reads it. The router does the same with its full msbin1 locator
/// (Router's August2004ReplyTo, which the stub cannot reference); the stub only has to read WCF's own writing, so it
/// cuts the exact records WCF writes for that header and leaves anything else to the reader.
/// </summary>
internal static class August2004SessionReplyTo
{
    // [MC-NBFS] static dictionary ids, each one byte as a multi-byte int: ReplyTo, Address; the 2004 anonymous address is 0xD4 (two bytes).
    private const byte ReplyToId = 0x2C;
    private const byte AddressId = 0x2A;

    // [MC-NBFX] PrefixDictionaryElementA..Z, DictionaryTextWithEndElement, EndElement.
    private const byte FirstPrefixDictionaryElement = 0x44;
    private const byte LastPrefixDictionaryElement = 0x5D;
    private const byte DictionaryTextWithEndElement = 0xAB;
    private const byte EndElement = 0x01;

    // <p:ReplyTo><p:Address>anonymous</p:Address></p:ReplyTo> as WCF's binary writer puts it (p any single-letter prefix).
    private const int HeaderLength = 8;

    /// <summary>
    /// Cuts the anonymous August 2004 ReplyTo header out of <paramref name="payload"/> (one msbinsession1 message: its new
    /// session strings, then the records), in place; returns the payload's new length (its length when there is none).
    /// </summary>
    public static int Cut(Span<byte> payload)
    {
        if (!TryReadInt31(payload, out var stringsSize, out var prefixLength) || stringsSize > payload.Length - prefixLength)
        {
            return payload.Length;
        }

        var records = payload[(prefixLength + stringsSize)..];
        for (var i = 0; i + HeaderLength <= records.Length; i++)
        {
            if (IsAnonymousReplyTo(records.Slice(i, HeaderLength)))
            {
                records[(i + HeaderLength)..].CopyTo(records[i..]);
                return payload.Length - HeaderLength;
            }
        }

        return payload.Length;
    }

    private static bool IsAnonymousReplyTo(ReadOnlySpan<byte> record) =>
        record[0] is >= FirstPrefixDictionaryElement and <= LastPrefixDictionaryElement && record[1] == ReplyToId
        && record[2] is >= FirstPrefixDictionaryElement and <= LastPrefixDictionaryElement && record[3] == AddressId
        && record[4] == DictionaryTextWithEndElement && record[5] == 0xD4 && record[6] == 0x01
        && record[7] == EndElement;

    /// <summary>Reads the [MC-NBFS] multi-byte int31 at the start of <paramref name="data"/>.</summary>
    private static bool TryReadInt31(ReadOnlySpan<byte> data, out int value, out int length)
    {
        value = 0;
        for (length = 0; length < 5 && length < data.Length;)
        {
            var current = data[length];
            value |= (current & 0x7F) << (7 * length);
            length++;
            if ((current & 0x80) == 0)
            {
                return value >= 0;
            }
        }

        return false;
    }
}
