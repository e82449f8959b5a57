namespace SoapRouter.Streaming;

/// <summary>Why a streamed message's header section could not be read.</summary>
internal enum HeaderSectionError
{
    /// <summary>It was read: the Body's start is known.</summary>
    None = 0,

    /// <summary>The request has no body at all.</summary>
    Empty,

    /// <summary>No Body start within limits.streamed.maxHeadersSize bytes.</summary>
    TooLarge,

    /// <summary>The body ended before the Body start tag (a cut or malformed envelope).</summary>
    Ended,

    /// <summary>Not a SOAP envelope the scanners read (another root, no Body, more than one To, nesting past their limits).</summary>
    NotEnvelope,
}
