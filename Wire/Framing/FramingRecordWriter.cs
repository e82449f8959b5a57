using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// Writes [MC-NMF] records (2.2.3-2.2.5): a server's Upgrade Response, Preamble Ack, Sized Envelope heads, End and
/// Fault, and a client's duplex preamble and Sized Envelopes (the health probe's preamble, the fuzzer's valid inputs).
/// </summary>
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
        WriteString(writer, FramingRecordType.Fault, fault);
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

    /// <summary>
    /// Writes a client's duplex preamble for <paramref name="via"/>: Version 1.0, Mode duplex, Via, the encoding (the
    /// known binary session encoding, or an Extensible Encoding record with <paramref name="contentType"/>, such as WCF's
    /// compressed session), then Preamble End, or an Upgrade Request for <paramref name="upgradeProtocol"/> instead
    /// (the client sends Preamble End after the upgrade).
    /// </summary>
    public static void WriteDuplexPreamble(IBufferWriter<byte> writer, Uri via, string? contentType = null, string? upgradeProtocol = null)
    {
        WritePreambleHead(writer, FramingMode.Duplex, via);
        if (contentType is null)
        {
            var known = writer.GetSpan(2);
            known[0] = (byte)FramingRecordType.KnownEncoding;
            known[1] = (byte)KnownEncoding.BinarySession;
            writer.Advance(2);
        }
        else
        {
            WriteString(writer, FramingRecordType.ExtensibleEncoding, contentType);
        }

        WritePreambleEndOrUpgrade(writer, upgradeProtocol);
    }

    /// <summary>
    /// Writes a client's singleton-unsized preamble for <paramref name="via"/> (what NetTcpBinding with TransferMode.Streamed
    /// sends): Version 1.0, Mode singleton-unsized, Via, the known binary encoding (msbin1), then Preamble End, or an
    /// Upgrade Request for <paramref name="upgradeProtocol"/> instead (the client sends Preamble End after the upgrade).
    /// </summary>
    public static void WriteSingletonPreamble(IBufferWriter<byte> writer, Uri via, string? upgradeProtocol = null)
    {
        WritePreambleHead(writer, FramingMode.SingletonUnsized, via);
        var known = writer.GetSpan(2);
        known[0] = (byte)FramingRecordType.KnownEncoding;
        known[1] = (byte)KnownEncoding.Binary;
        writer.Advance(2);
        WritePreambleEndOrUpgrade(writer, upgradeProtocol);
    }

    /// <summary>Writes a Preamble End record (a client's, after its encoding or its upgrade).</summary>
    public static void WritePreambleEnd(IBufferWriter<byte> writer) => WriteSingle(writer, FramingRecordType.PreambleEnd);

    /// <summary>Writes a whole Sized Envelope record around <paramref name="payload"/>.</summary>
    public static void WriteSizedEnvelope(IBufferWriter<byte> writer, ReadOnlySpan<byte> payload)
    {
        ArgumentNullException.ThrowIfNull(writer);
        var headLength = SizedEnvelopeHeadLength(payload.Length);
        var span = writer.GetSpan(headLength + payload.Length);
        WriteSizedEnvelopeHead(span[..headLength], payload.Length);
        payload.CopyTo(span[headLength..]);
        writer.Advance(headLength + payload.Length);
    }

    /// <summary>Writes a record of <paramref name="type"/> carrying <paramref name="text"/> as sized UTF-8 (Via, encodings, Upgrade Request, Fault).</summary>
    private static void WritePreambleHead(IBufferWriter<byte> writer, FramingMode mode, Uri via)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(via);
        var head = writer.GetSpan(5);
        head[0] = (byte)FramingRecordType.Version;
        head[1] = PreambleDecoder.MajorVersion;
        head[2] = 0;
        head[3] = (byte)FramingRecordType.Mode;
        head[4] = (byte)mode;
        writer.Advance(5);
        WriteString(writer, FramingRecordType.Via, via.AbsoluteUri);
    }

    /// <summary>Preamble End, or the Upgrade Request for <paramref name="upgradeProtocol"/> that takes its place until the upgrade is done.</summary>
    private static void WritePreambleEndOrUpgrade(IBufferWriter<byte> writer, string? upgradeProtocol)
    {
        if (upgradeProtocol is null)
        {
            WritePreambleEnd(writer);
        }
        else
        {
            WriteString(writer, FramingRecordType.UpgradeRequest, upgradeProtocol);
        }
    }

    private static void WriteString(IBufferWriter<byte> writer, FramingRecordType type, string text)
    {
        var length = System.Text.Encoding.UTF8.GetByteCount(text);
        var span = writer.GetSpan(1 + MultiByteInt31.MaxLength + length);
        span[0] = (byte)type;
        var written = 1 + MultiByteInt31.Write(span[1..], length);
        written += System.Text.Encoding.UTF8.GetBytes(text, span[written..]);
        writer.Advance(written);
    }

    private static void WriteSingle(IBufferWriter<byte> writer, FramingRecordType type)
    {
        ArgumentNullException.ThrowIfNull(writer);
        writer.GetSpan(1)[0] = (byte)type;
        writer.Advance(1);
    }
}
