namespace SoapRouter.Wire.Compression;

/// <summary>Why a message went plain (or <see cref="None"/>: it was compressed).</summary>
public enum CompressionSkipReason
{
    /// <summary>Not skipped: compressed.</summary>
    None,

    /// <summary>Compression is off on this link (disabled, or mode none).</summary>
    Disabled,

    /// <summary>Below the size limit, or below every enabled level's threshold.</summary>
    TooSmall,

    /// <summary>The peer accepts none of the link's codecs.</summary>
    PeerCannot,

    /// <summary>The CPU governor has backed off to off (or below every level the size allows).</summary>
    Cpu,

    /// <summary>This (action, size bucket) compresses worse than the ratio limit and is not due for a probe.</summary>
    PoorRatio,

    /// <summary>On this link's bandwidth, compressing and decompressing would take longer than the bytes saved.</summary>
    WouldNotPay,

    /// <summary>Compressed, but the result was not smaller than the message, so the message went plain.</summary>
    NotSmaller,

    /// <summary>The compressed copy met the managed heap's limit, so the message went plain rather than failing.</summary>
    Memory,
}
