using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>Writes the records a server sends: Upgrade Response, Preamble Ack, Sized Envelope heads, End and Fault ([MC-NMF] 2.2.3-2.2.5).</summary>
internal static class FramingRecordWriter
{
    /// <summary>The longest Sized Envelope head: the type octet and a five-octet size.</summary>
    public const int MaxSizedEnvelopeHeadLength = 1 + MultiByteInt31.MaxLength;

    /// <summary>Writes an Upgrade Response record: the server agrees to the upgrade the client asked for.</summary>
    public static void WriteUpgradeResponse(IBufferWriter<byte> writer) => WriteSingle(writer, FramingRecordType.UpgradeResponse);

    /// <summary>Writes a Preamble Ack record.</summary>
    public static void WritePreambleAck(IBufferWriter<byte> writer) => WriteSingle(writer, FramingRecordType.PreambleAck);

    /// <summary>Writes an End record.</summary>
    public static void WriteEnd(IBufferWriter<byte> writer) => WriteSingle(writer, FramingRecordType.End);

    /// <summary>Writes a Fault record carrying <paramref name="fault"/> (a URI, UTF-8).</summary>
    public static void WriteFault(IBufferWriter<byte> writer, string fault)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentException.ThrowIfNullOrEmpty(fault);
        var length = System.Text.Encoding.UTF8.GetByteCount(fault);
        var span = writer.GetSpan(1 + MultiByteInt31.MaxLength + length);
        span[0] = (byte)FramingRecordType.Fault;
        var written = 1 + MultiByteInt31.Write(span[1..], length);
        written += System.Text.Encoding.UTF8.GetBytes(fault, span[written..]);
        writer.Advance(written);
    }

    /// <summary>The length of the Sized Envelope head for a payload of <paramref name="payloadSize"/> octets.</summary>
    public static int SizedEnvelopeHeadLength(int payloadSize) => 1 + MultiByteInt31.GetByteCount(payloadSize);

    /// <summary>
    /// Writes the Sized Envelope head for a payload of <paramref name="payloadSize"/> octets so that it ends exactly at
    /// the end of <paramref name="destination"/> (the payload follows it in place); returns the head's length.
    /// </summary>
    public static int WriteSizedEnvelopeHead(Span<byte> destination, int payloadSize)
    {
        var length = SizedEnvelopeHeadLength(payloadSize);
        var head = destination[^length..];
        head[0] = (byte)FramingRecordType.SizedEnvelope;
        MultiByteInt31.Write(head[1..], payloadSize);
        return length;
    }

    private static void WriteSingle(IBufferWriter<byte> writer, FramingRecordType type)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.GetSpan(1)[0] = (byte)type;
        writer.Advance(1);
    }
}
