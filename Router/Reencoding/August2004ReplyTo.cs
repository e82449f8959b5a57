using System.Text;
using System.Xml;
using System.Xml.Linq;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Binary;
using SoapRouter.Wire.Bindings;
using SoapRouter.Wire.Encoding;
using SoapRouter.Wire.Soap;

namespace SoapRouter.Reencoding;

/// <summary>
/// Lets WCF read an August 2004 request from a WCF client. System.ServiceModel 10.1 throws PlatformNotSupportedException
/// reading an anonymous August 2004 ReplyTo (Addressing.cs, ReplyToHeader.ReadHeader), which every WCF client sends with
/// a request; anonymous is also what a missing ReplyTo means to the router (the reply goes back on the HTTP response or
/// the client's session), so the header is left out of the copy WCF reads: text (soap12Http), msbin1 (binaryHttp) and,
/// cut in place before the session's reader reads it, msbinsession1 (netTcp). The bytes forwarded verbatim are never changed.
/// </summary>
internal static class August2004ReplyTo
{
    /// <summary>The August 2004 anonymous address.</summary>
    public const string Anonymous = SoapNamespaces.Addressing200408 + "/role/anonymous";

    private static ReadOnlySpan<byte> AnonymousBytes => "http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous"u8;

    /// <summary>
    /// What WCF should read of <paramref name="envelope"/>, received by a listener on <paramref name="binding"/>: the
    /// envelope without its anonymous August 2004 ReplyTo on an august2004 listener (text or msbin1), else null (the
    /// received bytes as they are).
    /// </summary>
    public static byte[]? ReadableCopy(WireBinding binding, ReadOnlySpan<byte> envelope, WireLimits limits)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(limits);
        if (binding.Addressing != WireAddressingNames.August2004)
        {
            return null;
        }

        return binding.IsBinary ? WithoutAnonymousMsbin1(envelope) : WithoutAnonymous(envelope, limits.ToReaderQuotas());
    }

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

    /// <summary>
    /// The msbin1 envelope <paramref name="envelope"/> without its anonymous August 2004 ReplyTo header, cut out as the
    /// records it is (an Address element holding the anonymous address as one text record: WCF writes the static
    /// dictionary's string, a Chars record is the same text inline); null when it has none or any other ReplyTo, so the
    /// caller reads the received bytes (and WCF says what is wrong with them).
    /// </summary>
    public static byte[]? WithoutAnonymousMsbin1(ReadOnlySpan<byte> envelope)
    {
        if (!TryLocateAnonymous(envelope, out var start, out var end))
        {
            return null;
        }

        var readable = new byte[envelope.Length - (end - start)];
        envelope[..start].CopyTo(readable);
        envelope[end..].CopyTo(readable.AsSpan(start));
        return readable;
    }

    /// <summary>
    /// Cuts the anonymous August 2004 ReplyTo out of <paramref name="payload"/>, one msbinsession1 message received by a
    /// netTcp listener on <paramref name="binding"/> (its new session strings first, [MC-NBFSE], then the msbin1 records),
    /// in place, as <see cref="WithoutAnonymousMsbin1"/> does; returns the payload's new length (its length when there is
    /// nothing to cut, the listener is not august2004, or the bytes are not what WCF writes: the reader then says why).
    /// </summary>
    public static int CutFromSession(WireBinding binding, Span<byte> payload)
    {
        ArgumentNullException.ThrowIfNull(binding);
        if (binding.Addressing != WireAddressingNames.August2004 || !binding.IsSession)
        {
            return payload.Length;
        }

        var cursor = new Msbin1Cursor(payload);
        var stringsSize = cursor.ReadMultiByteInt31();
        if (cursor.Truncated || stringsSize > payload.Length - cursor.Position)
        {
            return payload.Length;
        }

        var records = cursor.Position + stringsSize;
        return records + CutFromRecords(payload[records..]);
    }

    /// <summary>
    /// Cuts the anonymous August 2004 ReplyTo out of <paramref name="msbin1"/>, a message of a netTcp listener on
    /// <paramref name="binding"/> already translated into session-free msbin1, in place; returns its new length (its
    /// length when there is nothing to cut or the listener is not august2004).
    /// </summary>
    public static int CutFromMsbin1(WireBinding binding, Span<byte> msbin1)
    {
        ArgumentNullException.ThrowIfNull(binding);
        return binding.Addressing != WireAddressingNames.August2004 ? msbin1.Length : CutFromRecords(msbin1);
    }

    private static int CutFromRecords(Span<byte> records)
    {
        if (!TryLocateAnonymous(records, out var start, out var end))
        {
            return records.Length;
        }

        records[end..].CopyTo(records[start..]);
        return records.Length - (end - start);
    }

    /// <summary>Where the ReplyTo header of the msbin1 records <paramref name="envelope"/> starts and ends, when it holds the anonymous address only.</summary>
    private static bool TryLocateAnonymous(ReadOnlySpan<byte> envelope, out int start, out int end)
    {
        Span<Msbin1Declaration> declarations = stackalloc Msbin1Declaration[Msbin1ToLocator.DeclarationCapacity];
        var locator = new Msbin1ToLocator(envelope, declarations, Msbin1Records.ReplyToId, Msbin1Records.ReplyToText, wholeElement: true);
        if (locator.Locate(out var found, out var location) != ToHeaderRewriteError.None || !found
            || !IsAnonymousAddressOnly(envelope[location.ContentStart..location.ContentEnd]))
        {
            start = end = 0;
            return false;
        }

        start = location.ElementStart;
        end = location.ContentEnd;
        return true;
    }

    /// <summary>
    /// True when <paramref name="content"/> (a ReplyTo's records after its start record, its EndElement included) is one
    /// Address element with no attributes whose only content is the anonymous address as one text record.
    /// </summary>
    private static bool IsAnonymousAddressOnly(ReadOnlySpan<byte> content)
    {
        var cursor = new Msbin1Cursor(content);
        var record = cursor.ReadByte();
        var isAddress = record switch
        {
            >= 0x44 and <= 0x5D => cursor.ReadMultiByteInt31() == Msbin1Records.AddressId,
            >= 0x5E and <= 0x77 => cursor.ReadString().Of(content).SequenceEqual(Msbin1Records.AddressText),
            _ => false,
        };
        var text = cursor.ReadByte();
        if (!isAddress || cursor.Truncated || !IsAnonymousText(ref cursor, text, content))
        {
            return false;
        }

        // The text record may end the Address itself (the odd type); then only the ReplyTo's EndElement is left.
        var ends = (text & 1) == 1 ? 1 : 2;
        for (var i = 0; i < ends; i++)
        {
            if (cursor.ReadByte() != Msbin1Records.EndElement)
            {
                return false;
            }
        }

        return cursor.AtEnd && !cursor.Truncated;
    }

    /// <summary>True when text record <paramref name="text"/> (its type read, its payload next) is the anonymous address.</summary>
    private static bool IsAnonymousText(ref Msbin1Cursor cursor, byte text, ReadOnlySpan<byte> content)
    {
        if ((text & 0xFE) == 0xAA)
        {
            return cursor.ReadMultiByteInt31() == Msbin1Records.Anonymous200408Id && !cursor.Truncated;
        }

        if ((text & 0xFE) is not (0x98 or 0x9A or 0x9C))
        {
            return false;
        }

        var length = cursor.ReadLength(text switch { 0x98 or 0x99 => 1, 0x9A or 0x9B => 2, _ => 4 });
        var start = cursor.Position;
        cursor.Skip(length);
        return !cursor.Truncated && content.Slice(start, (int)length).SequenceEqual(AnonymousBytes);
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
