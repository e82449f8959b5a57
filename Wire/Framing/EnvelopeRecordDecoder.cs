using System.Buffers;

namespace SoapRouter.Wire.Framing;

/// <summary>
/// Decodes the head of the next record of a duplex session after the preamble ([MC-NMF] 3.1.4.11), either way: a
/// Sized Envelope, End or Fault; anything else breaks the grammar. Only the head is decoded: the payload is the
/// caller's to copy as it arrives, so a large message never has to sit whole in the transport's buffers. A client also
/// decodes the server's answer to its preamble here (<see cref="DecodePreambleAnswer"/>). Bad input is a value, never
/// an exception.
/// </summary>
internal static class EnvelopeRecordDecoder
{
    /// <summary>The longest fault string accepted from the peer (WCF's own quota).</summary>
    public const int MaxFaultLength = 256;

    /// <summary>Decodes the record head at the start of <paramref name="buffer"/>; sizes above <paramref name="maxMessageSize"/> are TooLarge.</summary>
    public static EnvelopeRecordHead Decode(ReadOnlySequence<byte> buffer, int maxMessageSize)
    {
        var reader = new SequenceReader<byte>(buffer);
        if (!reader.TryRead(out var type))
        {
            return EnvelopeRecordHead.NeedMoreData;
        }

        switch ((FramingRecordType)type)
        {
            case FramingRecordType.SizedEnvelope:
                return DecodeSizedEnvelope(ref reader, maxMessageSize);

            case FramingRecordType.End:
                return new EnvelopeRecordHead(EnvelopeRecordStatus.End, 1, 0, null, null);

            case FramingRecordType.Fault:
                return DecodeFault(ref reader);

            default:
                return EnvelopeRecordHead.Malformed(type <= (byte)FramingRecordType.PreambleEnd
                    ? "A record that may not follow the preamble arrived."
                    : "An unknown record type arrived.");
        }
    }

    /// <summary>
    /// Decodes the server's answer to a client's preamble at the start of <paramref name="buffer"/>: a Preamble Ack
    /// (<see cref="EnvelopeRecordStatus.PreambleAck"/>, one octet) or a Fault record; anything else is Malformed.
    /// </summary>
    public static EnvelopeRecordHead DecodePreambleAnswer(ReadOnlySequence<byte> buffer)
    {
        var reader = new SequenceReader<byte>(buffer);
        if (!reader.TryRead(out var type))
        {
            return EnvelopeRecordHead.NeedMoreData;
        }

        return (FramingRecordType)type switch
        {
            FramingRecordType.PreambleAck => new EnvelopeRecordHead(EnvelopeRecordStatus.PreambleAck, 1, 0, null, null),
            FramingRecordType.Fault => DecodeFault(ref reader),
            _ => EnvelopeRecordHead.Malformed("A record other than Preamble Ack or Fault answered the preamble."),
        };
    }

    private static EnvelopeRecordHead DecodeFault(ref SequenceReader<byte> reader) =>
        FramingString.TryRead(ref reader, MaxFaultLength, out var fault) switch
        {
            FramingStringStatus.Done => new EnvelopeRecordHead(EnvelopeRecordStatus.Fault, (int)reader.Consumed, 0, fault, null),
            FramingStringStatus.NeedMoreData => EnvelopeRecordHead.NeedMoreData,
            _ => EnvelopeRecordHead.Malformed("The peer's Fault record is too long or not valid."),
        };

    private static EnvelopeRecordHead DecodeSizedEnvelope(ref SequenceReader<byte> reader, int maxMessageSize)
    {
        switch (MultiByteInt31.TryRead(ref reader, out var size))
        {
            case OperationStatus.NeedMoreData:
                return EnvelopeRecordHead.NeedMoreData;
            case OperationStatus.InvalidData:
                return EnvelopeRecordHead.Malformed("A Sized Envelope's size is not a valid 31-bit size.");
        }

        if (size == 0)
        {
            return EnvelopeRecordHead.Malformed("A Sized Envelope's size is 0.");
        }

        var status = size > maxMessageSize ? EnvelopeRecordStatus.TooLarge : EnvelopeRecordStatus.SizedEnvelope;
        return new EnvelopeRecordHead(status, (int)reader.Consumed, size, null, null);
    }
}
