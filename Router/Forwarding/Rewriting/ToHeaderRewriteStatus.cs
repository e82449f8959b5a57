namespace SoapRouter.Forwarding.Rewriting;

/// <summary>What <see cref="ToHeaderRewriter"/> did with a message.</summary>
internal enum ToHeaderRewriteStatus
{
    /// <summary>The Header holds no wsa:To: forward the original bytes.</summary>
    NotPresent,

    /// <summary>wsa:To already holds the new address, byte for byte: forward the original bytes, no copy made.</summary>
    Unchanged,

    /// <summary>A copy with the new To text sits in a rented buffer that the result returns when disposed.</summary>
    Rewritten,

    /// <summary>The message could not be handled with certainty; see <see cref="ToHeaderRewriteError"/>.</summary>
    Failed,
}
