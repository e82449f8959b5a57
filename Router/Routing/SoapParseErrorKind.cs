namespace SoapRouter.Routing;

/// <summary>Why a message could not be read as a SOAP envelope.</summary>
internal enum SoapParseErrorKind
{
    /// <summary>No error.</summary>
    None,

    /// <summary>The bytes are not well-formed XML (or use a DTD, which is refused).</summary>
    MalformedXml,

    /// <summary>The root element is not a SOAP 1.1 or 1.2 Envelope.</summary>
    NotSoapEnvelope,

    /// <summary>The envelope has no Body after its optional Header.</summary>
    MissingBody,

    /// <summary>The message exceeds a reader quota (nesting depth, string length, name table).</summary>
    QuotaExceeded,
}
