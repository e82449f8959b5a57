using System.Buffers;
using System.Text.Unicode;

namespace SoapRouter.Wire.Framing;

/// <summary>Reads the body of a string record: an MB31 byte count, then that many octets of UTF-8 ([MC-NMF] 3.1.4.1).</summary>
internal static class FramingString
{
    // The quotas are small (at most a few KB), so the bytes are gathered on the stack.
    private const int MaxStackBytes = 4096;

    /// <summary>
    /// Reads one string of at most <paramref name="maxBytes"/> octets. On <see cref="FramingStringStatus.NeedMoreData"/>
    /// <paramref name="reader"/> is left where it was; otherwise it is past what was read.
    /// </summary>
    public static FramingStringStatus TryRead(ref SequenceReader<byte> reader, int maxBytes, out string value)
    {
        value = string.Empty;
        var start = reader.Consumed;
        switch (MultiByteInt31.TryRead(ref reader, out var length))
        {
            case OperationStatus.NeedMoreData:
                return FramingStringStatus.NeedMoreData;
            case OperationStatus.InvalidData:
                return FramingStringStatus.Invalid;
        }

        // [MC-NMF] forbids empty strings in every string record.
        if (length == 0)
        {
            return FramingStringStatus.Invalid;
        }

        if (length > maxBytes)
        {
            return FramingStringStatus.TooLong;
        }

        if (reader.Remaining < length)
        {
            reader.Rewind(reader.Consumed - start);
            return FramingStringStatus.NeedMoreData;
        }

        Span<byte> bytes = length <= MaxStackBytes ? stackalloc byte[length] : new byte[length];
        reader.TryCopyTo(bytes);
        reader.Advance(length);
        if (!Utf8.IsValid(bytes))
        {
            return FramingStringStatus.Invalid;
        }

        value = System.Text.Encoding.UTF8.GetString(bytes);
        return FramingStringStatus.Done;
    }
}
