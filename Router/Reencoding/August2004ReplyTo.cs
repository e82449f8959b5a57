using System.Text;
using System.Xml;
using System.Xml.Linq;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Reencoding;

/// <summary>
/// Lets WCF read an August 2004 request from a WCF client. System.ServiceModel 10.1 throws PlatformNotSupportedException
/// reading an anonymous August 2004 ReplyTo (Addressing.cs, ReplyToHeader.ReadHeader), which every WCF client sends with
/// a request; anonymous is also what a missing ReplyTo means to the router (the reply goes back on the HTTP response),
/// so the header is left out of the copy WCF reads. The bytes forwarded verbatim are never changed.
/// </summary>
internal static class August2004ReplyTo
{
    /// <summary>The August 2004 anonymous address.</summary>
    public const string Anonymous = SoapNamespaces.Addressing200408 + "/role/anonymous";

    private static ReadOnlySpan<byte> AnonymousBytes => "http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous"u8;

    /// <summary>
    /// The text envelope <paramref name="envelope"/> without its anonymous August 2004 ReplyTo header (one with nothing but
    /// its Address); null when it has none, so the caller reads the received bytes. Throws <see cref="XmlException"/>
    /// (or a quota's exception) for what the router's reader would refuse too.
    /// </summary>
    public static byte[]? WithoutAnonymous(ReadOnlySpan<byte> envelope, XmlDictionaryReaderQuotas quotas)
    {
        ArgumentNullException.ThrowIfNull(quotas);
        if (envelope.IndexOf(AnonymousBytes) < 0)
        {
            return null;
        }

        using var output = new MemoryStream(envelope.Length);
        var dropped = false;
        using (var reader = XmlDictionaryReader.CreateTextReader(envelope.ToArray(), quotas))
        using (var writer = XmlDictionaryWriter.CreateTextWriter(output, new UTF8Encoding(false), ownsStream: false))
        {
            reader.MoveToContent();
            CopyStart(reader, writer);
            while (reader.NodeType != XmlNodeType.EndElement && !reader.EOF)
            {
                if (reader.NodeType == XmlNodeType.Element && reader.Depth == 1 && reader.LocalName == "Header" && !reader.IsEmptyElement)
                {
                    CopyStart(reader, writer);
                    while (reader.NodeType != XmlNodeType.EndElement && !reader.EOF)
                    {
                        if (reader.NodeType == XmlNodeType.Element && reader.LocalName == "ReplyTo" && reader.NamespaceURI == SoapNamespaces.Addressing200408)
                        {
                            var replyTo = (XElement)XNode.ReadFrom(reader);
                            if (IsAnonymousOnly(replyTo))
                            {
                                dropped = true;
                                continue;
                            }

                            replyTo.WriteTo(writer);
                            continue;
                        }

                        writer.WriteNode(reader, defattr: false);
                    }

                    writer.WriteFullEndElement();
                    reader.Read();
                    continue;
                }

                writer.WriteNode(reader, defattr: false);
            }

            writer.WriteFullEndElement();
        }

        return dropped ? output.ToArray() : null;
    }

    private static bool IsAnonymousOnly(XElement replyTo) =>
        replyTo.Elements().Count() == 1
        && replyTo.Element(XName.Get("Address", SoapNamespaces.Addressing200408)) is { } address
        && address.Value.Trim() == Anonymous;

    /// <summary>Writes the start tag the reader is on (with its attributes and declarations) and moves into its content.</summary>
    private static void CopyStart(XmlDictionaryReader reader, XmlDictionaryWriter writer)
    {
        writer.WriteStartElement(reader.Prefix, reader.LocalName, reader.NamespaceURI);
        writer.WriteAttributes(reader, defattr: false);
        reader.Read();
    }
}
