namespace SoapRouter.Wire.Framing;

/// <summary>What <see cref="PreambleDecoder"/> made of the bytes received so far.</summary>
internal enum PreambleDecodeStatus
{
    /// <summary>Everything so far is well formed; the preamble is not all here yet.</summary>
    NeedMoreData,

    /// <summary>Version, mode, via, encoding and Preamble End: the server answers Preamble Ack (or a fault).</summary>
    Complete,

    /// <summary>Version, mode, via and encoding, then an Upgrade Request (the client waits for an answer before Preamble End).</summary>
    UpgradeRequested,

    /// <summary>Well formed but not acceptable at this level (version, mode, a Via or content type over its quota): answer <see cref="PreambleDecodeResult.Fault"/>.</summary>
    Refused,

    /// <summary>Not a preamble: an unexpected record, a bad size, bytes that are not UTF-8, a Via that is not a URI.</summary>
    Malformed,
}
