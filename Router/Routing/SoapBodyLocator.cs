using System.Xml;

namespace SoapRouter.Routing;

/// <summary>Moves a fresh reader over an envelope that has already been read once to the first element inside its Body.</summary>
internal static class SoapBodyLocator
{
    /// <summary>
    /// True with <paramref name="reader"/> on the Body's first child element; false when the Body holds no element.
    /// The envelope was checked on its first read (Envelope, optional Header, Body), so this only skips: headers are
    /// passed over with <see cref="XmlReader.Skip"/>, never parsed again. Bad input surfaces as the reader's exceptions.
    /// </summary>
    public static bool MoveToFirstBodyChild(XmlReader reader, string envelopeNs) =>
        MoveToBody(reader, envelopeNs) && !reader.IsEmptyElement && MoveToFirstChildElement(reader);

    /// <summary>True with <paramref name="reader"/> on the Body start tag; false when there is none.</summary>
    public static bool MoveToBody(XmlReader reader, string envelopeNs)
    {
        if (reader.MoveToContent() != XmlNodeType.Element || reader.IsEmptyElement || !reader.Read())
        {
            return false;
        }

        // Among the Envelope's children: skip everything up to the Body start tag.
        while (true)
        {
            switch (reader.NodeType)
            {
                case XmlNodeType.Element when IsBody(reader, envelopeNs):
                    return true;
                case XmlNodeType.Element:
                    reader.Skip();
                    continue;
                case XmlNodeType.EndElement:
                case XmlNodeType.None:
                    return false;
            }

            if (!reader.Read())
            {
                return false;
            }
        }
    }

    /// <summary>From a start tag that is not empty: true on its first child element, false when an end tag comes first.</summary>
    public static bool MoveToFirstChildElement(XmlReader reader)
    {
        while (reader.Read())
        {
            switch (reader.NodeType)
            {
                case XmlNodeType.Element:
                    return true;
                case XmlNodeType.EndElement:
                    return false;
            }
        }

        return false;
    }

    private static bool IsBody(XmlReader reader, string envelopeNs) =>
        string.Equals(reader.LocalName, "Body", StringComparison.Ordinal)
        && string.Equals(reader.NamespaceURI, envelopeNs, StringComparison.Ordinal);
}
