using System.Xml;

namespace SoapRouter.Routing;

/// <summary>
/// Turns a failed XML read into an error kind, so callers get values, not exceptions (which exceptions mean bad input is
/// <see cref="Wire.Errors.ErrorClassifier.IsBadInput"/>'s to say).
/// </summary>
internal static class XmlReadErrors
{
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
