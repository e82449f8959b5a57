namespace SoapRouter.Forwarding.Rewriting;

/// <summary>Why <see cref="ToHeaderRewriter"/> refused to touch a message.</summary>
internal enum ToHeaderRewriteError
{
    /// <summary>No error.</summary>
    None,

    /// <summary>The bytes up to the Body start tag are not well-formed XML, or end before it (truncated).</summary>
    Malformed,

    /// <summary>Well-formed, but not a SOAP 1.1/1.2 Envelope with an optional Header followed by a Body.</summary>
    NotSoapEnvelope,

    /// <summary>The Header holds more than one wsa:To, so there is no single header to rewrite.</summary>
    Ambiguous,

    /// <summary>
    /// Legal XML the scanner does not handle (another encoding than UTF-8, a DTD or processing instruction, which
    /// WCF's text reader refuses too, references inside a namespace URI, element content inside wsa:To, nesting past
    /// the scanner's limits): refused rather than guessed at.
    /// </summary>
    Unsupported,
}
