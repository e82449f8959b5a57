using System.Text;
using System.Xml;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Metadata;

/// <summary>
/// Rewrites a destination's WSDL (or schema) so a client generated from it talks to the router: every SOAP address and
/// WS-Addressing endpoint address becomes the listener's address, and every import of another part of the metadata
/// (wsdl:import, xsd:import, xsd:include) points at the listener with the same query. Everything else stays as the
/// service wrote it. DTDs are refused and nothing external is resolved.
/// </summary>
internal static class WsdlRewriter
{
    /// <summary>
    /// The metadata in <paramref name="document"/> with addresses pointing at <paramref name="listenerAddress"/> and, with
    /// <paramref name="translateTo"/>, its SOAP bindings describing that endpoint (<see cref="WsdlBindingTranslator"/>).
    /// Throws <see cref="XmlException"/> for a document that is not well-formed XML.
    /// </summary>
    public static byte[] Rewrite(ReadOnlySpan<byte> document, Uri listenerAddress, WsdlTarget? translateTo = null)
    {
        ArgumentNullException.ThrowIfNull(listenerAddress);
        var xml = new XmlDocument { XmlResolver = null, PreserveWhitespace = true };
        using (var reader = MetadataXml.Open(document))
        {
            xml.Load(reader);
        }

        if (translateTo is not null)
        {
            WsdlBindingTranslator.Translate(xml, translateTo);
        }

        var listener = listenerAddress.GetLeftPart(UriPartial.Path);
        foreach (var element in xml.GetElementsByTagName("*").OfType<XmlElement>().ToList())
        {
            Rewrite(element, listener);
        }

        using var output = new MemoryStream(document.Length + 256);
        using (var writer = XmlWriter.Create(output, new XmlWriterSettings { Encoding = new UTF8Encoding(false) }))
        {
            xml.Save(writer);
        }

        return output.ToArray();
    }

    private static void Rewrite(XmlElement element, string listener)
    {
        switch (element.LocalName)
        {
            case "address" when element.NamespaceURI is WsdlNamespaces.Soap11Binding or WsdlNamespaces.Soap12Binding:
                element.SetAttribute("location", listener);
                break;
            case "Address" when element.NamespaceURI == WsdlNamespaces.Addressing10:
                element.InnerText = listener;
                break;
            case "import" when element.NamespaceURI == WsdlNamespaces.Wsdl:
                PointAtListener(element, "location", listener);
                break;
            case "import" or "include" when element.NamespaceURI == WsdlNamespaces.Xsd:
                PointAtListener(element, "schemaLocation", listener);
                break;
        }
    }

    /// <summary>An import of another metadata part (?xsd=xsd0, ?wsdl=wsdl1) is fetched through the router too.</summary>
    private static void PointAtListener(XmlElement element, string attribute, string listener)
    {
        var location = element.GetAttribute(attribute);
        if (location.Length == 0)
        {
            return;
        }

        var query = location.IndexOf('?', StringComparison.Ordinal);
        if (query >= 0)
        {
            element.SetAttribute(attribute, listener + location[query..]);
        }
    }
}
