namespace SoapRouter.Wire.Framing;

/// <summary>What <see cref="EnvelopeRecordDecoder"/> found at the start of the bytes after the preamble.</summary>
internal enum EnvelopeRecordStatus
{
    /// <summary>The record's head is not all here yet.</summary>
    NeedMoreData,

    /// <summary>A Sized Envelope record's head: its payload (<see cref="EnvelopeRecordHead.PayloadSize"/> octets) follows.</summary>
    SizedEnvelope,

    /// <summary>An End record: the client sends no more messages.</summary>
    End,

    /// <summary>A Fault record from the client: the session is over.</summary>
    Fault,

    /// <summary>A Sized Envelope larger than the largest message accepted.</summary>
    TooLarge,

    /// <summary>Not a record that may come here: an unknown or out-of-place type, a zero or badly encoded size.</summary>
    Malformed,
}
