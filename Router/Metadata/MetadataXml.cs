using System.Xml;

namespace SoapRouter.Metadata;

/// <summary>
/// The one way metadata documents from services are parsed: DTDs refused, nothing external resolved, at most 16 Mi
/// characters. A service's WSDL is input the router does not control.
/// </summary>
internal static class MetadataXml
{
    private static readonly XmlReaderSettings Settings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        MaxCharactersInDocument = 16 * 1024 * 1024,
    };

    /// <summary>A reader over a copy of <paramref name="document"/>; dispose it. Reading throws <see cref="XmlException"/> for what is refused.</summary>
    public static XmlReader Open(ReadOnlySpan<byte> document) => XmlReader.Create(new MemoryStream(document.ToArray(), writable: false), Settings);
}
