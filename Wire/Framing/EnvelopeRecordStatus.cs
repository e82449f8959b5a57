namespace SoapRouter.Wire.Framing;

/// <summary>What <see cref="EnvelopeRecordDecoder"/> found at the start of the bytes after the preamble.</summary>
internal enum EnvelopeRecordStatus
{
    /// <summary>The record's head is not all here yet.</summary>
    NeedMoreData,

    /// <summary>A Sized Envelope record's head: its payload (<see cref="EnvelopeRecordHead.PayloadSize"/> octets) follows.</summary>
    SizedEnvelope,

    /// <summary>An End record: the peer sends no more messages.</summary>
    End,

    /// <summary>A Fault record from the peer: the session is over.</summary>
    Fault,

    /// <summary>A Sized Envelope larger than the largest message accepted.</summary>
    TooLarge,

    /// <summary>The server's Preamble Ack (only from <see cref="EnvelopeRecordDecoder.DecodePreambleAnswer"/>).</summary>
    PreambleAck,

    /// <summary>Not a record that may come here: an unknown or out-of-place type, a zero or badly encoded size.</summary>
    Malformed,
}
