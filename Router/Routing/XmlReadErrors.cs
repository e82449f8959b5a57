using System.Xml;

namespace SoapRouter.Routing;

/// <summary>Turns what XML readers throw on bad input into error kinds, so callers get values, not exceptions.</summary>
internal static class XmlReadErrors
{
    /// <summary>
    /// True for the exceptions readers throw on bad or over-quota input. Besides XmlException the UTF-8 text
    /// reader throws ArgumentException on some malformed names, and decoding throws DecoderFallbackException
    /// (an ArgumentException); a fuzz test keeps this list honest.
    /// </summary>
    public static bool IsBadInput(Exception exception) =>
        exception is XmlException or ArgumentException or InvalidDataException or EndOfStreamException;

    /// <summary>
    /// The error kind for a failed read. The dictionary readers throw a plain XmlException on every quota, but
    /// they stop at exactly the depth limit, so depth tells a nesting attack from broken XML without parsing messages.
    /// </summary>
    public static SoapParseErrorKind Classify(XmlReader reader, int maxDepth)
    {
        int depth;
        try
        {
            depth = reader.Depth;
        }
        catch (InvalidOperationException)
        {
            return SoapParseErrorKind.MalformedXml;
        }

        return depth >= maxDepth ? SoapParseErrorKind.QuotaExceeded : SoapParseErrorKind.MalformedXml;
    }
}
