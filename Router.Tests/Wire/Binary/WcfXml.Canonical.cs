using System.Text;
using System.Xml;

namespace SoapRouter.Tests.Wire.Binary;

/// <summary>The XML of two readings compared as infosets.</summary>
internal static partial class WcfXml
{
    /// <summary>
    /// <paramref name="xml"/> written again with what a binary reading cannot keep made uniform: every element with a
    /// full end tag (WCF's binary reader never reports an empty element), CDATA written as text and adjacent text
    /// joined (msbin1 has no CDATA record), one escaping. Names, prefixes, declarations, attribute order, text,
    /// whitespace and comments stay as they are.
    /// </summary>
    public static string Canonical(string xml)
    {
        var output = new StringBuilder();
        var settings = new XmlWriterSettings { OmitXmlDeclaration = true, NewLineHandling = NewLineHandling.Entitize, CheckCharacters = false };
        using (var reader = XmlReader.Create(new StringReader(xml), new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, CheckCharacters = false }))
        using (var writer = XmlWriter.Create(output, settings))
        {
            while (reader.Read())
            {
                switch (reader.NodeType)
                {
                    case XmlNodeType.Element:
                        var empty = reader.IsEmptyElement;
                        writer.WriteStartElement(reader.Prefix, reader.LocalName, reader.NamespaceURI);
                        while (reader.MoveToNextAttribute())
                        {
                            writer.WriteAttributeString(reader.Prefix, reader.LocalName, reader.NamespaceURI, reader.Value);
                        }

                        if (empty)
                        {
                            writer.WriteFullEndElement();
                        }

                        break;
                    case XmlNodeType.EndElement:
                        writer.WriteFullEndElement();
                        break;
                    case XmlNodeType.Text or XmlNodeType.CDATA or XmlNodeType.Whitespace or XmlNodeType.SignificantWhitespace:
                        writer.WriteString(reader.Value);
                        break;
                    case XmlNodeType.Comment:
                        writer.WriteComment(reader.Value);
                        break;
                    default:
                        throw new InvalidOperationException($"unexpected {reader.NodeType} in WCF's XML");
                }
            }
        }

        return output.ToString();
    }
}
