namespace SoapRouter.Wire.Compression;

/// <summary>What the start of a message says about compression (<see cref="CompressionPrefix.TryRead"/>).</summary>
public enum CompressionPrefixStatus
{
    /// <summary>No prefix: the message is plain and starts at byte 0.</summary>
    Plain,

    /// <summary>A whole prefix: the codec, the original length and where the compressed data starts.</summary>
    Prefixed,

    /// <summary>The message ends inside the prefix: corrupt.</summary>
    Truncated,

    /// <summary>The magic is there but the rest is not a prefix (unknown version, overlong or oversized length): corrupt.</summary>
    Invalid,
}
