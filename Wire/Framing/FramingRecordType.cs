namespace SoapRouter.Wire.Framing;

/// <summary>The record types of .NET Message Framing ([MC-NMF] 2.2.1): the first octet of every record.</summary>
internal enum FramingRecordType : byte
{
    /// <summary>Major and minor version octets.</summary>
    Version = 0x00,

    /// <summary>One octet: the communication mode.</summary>
    Mode = 0x01,

    /// <summary>The URI the session's messages are for (MB31 length, UTF-8).</summary>
    Via = 0x02,

    /// <summary>One octet naming a known envelope encoding.</summary>
    KnownEncoding = 0x03,

    /// <summary>A MIME content type naming the envelope encoding (MB31 length, UTF-8).</summary>
    ExtensibleEncoding = 0x04,

    /// <summary>A chunked envelope (singleton mode only).</summary>
    UnsizedEnvelope = 0x05,

    /// <summary>One envelope: MB31 size, then the payload.</summary>
    SizedEnvelope = 0x06,

    /// <summary>The sender is done with the session.</summary>
    End = 0x07,

    /// <summary>A fault URI (MB31 length, UTF-8); the session is over.</summary>
    Fault = 0x08,

    /// <summary>A request to upgrade the stream (TLS, Negotiate): MB31 length, UTF-8 protocol name.</summary>
    UpgradeRequest = 0x09,

    /// <summary>The receiver agrees to an upgrade.</summary>
    UpgradeResponse = 0x0A,

    /// <summary>The receiver accepted the preamble.</summary>
    PreambleAck = 0x0B,

    /// <summary>The last record of the preamble.</summary>
    PreambleEnd = 0x0C,
}
