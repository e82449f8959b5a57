namespace SoapRouter.Wire.Framing;

/// <summary>The octet of a Known Encoding record ([MC-NMF] 2.2.3.4.1).</summary>
internal enum KnownEncoding : byte
{
    /// <summary>SOAP 1.1, UTF-8 text.</summary>
    Soap11Utf8 = 0x00,

    /// <summary>SOAP 1.1, UTF-16 text.</summary>
    Soap11Utf16 = 0x01,

    /// <summary>SOAP 1.1, little-endian Unicode text.</summary>
    Soap11Utf16LittleEndian = 0x02,

    /// <summary>SOAP 1.2, UTF-8 text.</summary>
    Soap12Utf8 = 0x03,

    /// <summary>SOAP 1.2, UTF-16 text.</summary>
    Soap12Utf16 = 0x04,

    /// <summary>SOAP 1.2, little-endian Unicode text.</summary>
    Soap12Utf16LittleEndian = 0x05,

    /// <summary>MTOM.</summary>
    Mtom = 0x06,

    /// <summary>Binary XML with the static dictionary (msbin1).</summary>
    Binary = 0x07,

    /// <summary>Binary XML with an in-band session dictionary (msbinsession1): what NetTcpBinding sends.</summary>
    BinarySession = 0x08,
}
