namespace SoapRouter.Wire.Framing;

/// <summary>The outcome of reading a length-prefixed UTF-8 string record body (Via, content type, fault, upgrade).</summary>
internal enum FramingStringStatus
{
    /// <summary>The string was read.</summary>
    Done,

    /// <summary>The record is not all here yet; nothing was consumed.</summary>
    NeedMoreData,

    /// <summary>The declared length is over the record's quota (the bytes were not waited for).</summary>
    TooLong,

    /// <summary>A zero length, a bad size encoding, or bytes that are not UTF-8.</summary>
    Invalid,
}
