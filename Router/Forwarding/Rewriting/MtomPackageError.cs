namespace SoapRouter.Forwarding.Rewriting;

/// <summary>What <see cref="MtomPackage.Check"/> found wrong with an MTOM message's multipart structure.</summary>
internal enum MtomPackageError
{
    /// <summary>A well-formed package whose root part was found and whose references all resolve.</summary>
    None,

    /// <summary>The content type has no boundary parameter.</summary>
    MissingBoundary,

    /// <summary>No part at all, or none with the Content-ID the start parameter names.</summary>
    MissingRootPart,

    /// <summary>The envelope refers (xop:Include href="cid:...") to a part the package does not hold.</summary>
    MissingXopPart,

    /// <summary>A part without its header block or closing delimiter: the package is cut short or not multipart.</summary>
    Malformed,
}
