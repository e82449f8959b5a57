using System.Text;
using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.NetTcp;

/// <summary>
/// What the router reads of a net.tcp destination's reply (session-free msbin1, translated from its session) before it
/// passes the bytes on: the request it answers (wsa:RelatesTo) and whether it is a SOAP fault. Strict: a reply written
/// in any shape these byte scans do not know is left to WCF's reader (<see cref="TryRead"/> says false), never guessed.
/// </summary>
internal static class FramedReplyReader
{
    /// <summary>[MC-NBFS] static dictionary id of "Fault" (SOAP 1.2's fault element, as WCF's writer names it).</summary>
    public const int FaultId = 0x7E;

    private const string UrnUuidPrefix = "urn:uuid:";

    // The prefix-letter element forms: a..z with the name as a dictionary id, then a..z with the name as a string.
    private const byte FirstPrefixDictionaryElement = Msbin1Records.PrefixDictionaryElementA;
    private const byte LastPrefixDictionaryElement = Msbin1Records.PrefixElementA - 1;
    private const byte FirstPrefixElement = Msbin1Records.PrefixElementA;
    private const byte LastPrefixElement = Msbin1Records.LastElement;

    /// <summary>
    /// Reads <paramref name="reply"/>'s RelatesTo (null when it has none: a callback or a request of the service's) and
    /// whether its Body holds a SOAP fault; false when either cannot be told from the bytes alone.
    /// </summary>
    public static bool TryRead(ReadOnlySpan<byte> reply, out string? relatesTo, out bool isFault)
    {
        relatesTo = null;
        isFault = false;
        if (Msbin1ToRewriter.Locate(reply, Msbin1Records.RelatesToId, Msbin1Records.RelatesToText, out var found, out var location) != ToHeaderRewriteError.None)
        {
            return false;
        }

        if (found && !TryReadId(reply, location, out relatesTo))
        {
            return false;
        }

        return TryReadIsFault(reply, out isFault);
    }

    /// <summary>The id a RelatesTo holds: one Chars text record (UTF-8), or a UniqueId record (a GUID, written as WCF's UniqueId writes it).</summary>
    private static bool TryReadId(ReadOnlySpan<byte> reply, Msbin1ToLocation location, out string? id)
    {
        id = null;
        if (location.Text.Length > 0)
        {
            id = Encoding.UTF8.GetString(location.Text.Of(reply));
            return true;
        }

        var content = reply[location.ContentStart..location.ContentEnd];
        if (content.Length >= 17 && content[0] is Msbin1Records.UniqueIdText or Msbin1Records.UniqueIdTextWithEndElement)
        {
            // One string, formatted in place (no second one for the GUID alone).
            id = string.Create(UrnUuidPrefix.Length + 36, new Guid(content.Slice(1, 16)), static (chars, guid) =>
            {
                UrnUuidPrefix.CopyTo(chars);
                guid.TryFormat(chars[UrnUuidPrefix.Length..], out _, "D");
            });
            return true;
        }

        return false;
    }

    /// <summary>
    /// True in <paramref name="isFault"/> when the Body's first element is Fault with the Envelope's prefix (how WCF writes
    /// every fault); false when the envelope is written in a way this scan does not follow.
    /// </summary>
    private static bool TryReadIsFault(ReadOnlySpan<byte> reply, out bool isFault)
    {
        isFault = false;
        if (reply.IsEmpty || reply[0] is < FirstPrefixDictionaryElement or > LastPrefixDictionaryElement)
        {
            return false;
        }

        var envelopePrefix = reply[0] - FirstPrefixDictionaryElement;
        Span<Msbin1Declaration> declarations = stackalloc Msbin1Declaration[Msbin1ToLocator.DeclarationCapacity];
        var locator = new Msbin1ToLocator(reply, declarations);
        if (locator.LocateToBody(out _, out _, out var body) != ToHeaderRewriteError.None)
        {
            return false;
        }

        var content = reply[body.ContentStart..];
        var cursor = new Msbin1Cursor(content);
        var record = cursor.ReadByte();
        if (record == Msbin1Records.EndElement)
        {
            // An empty Body.
            return true;
        }

        // The element's prefix (a letter's index, or -1 for a prefix written as a string or none) and its local name.
        var prefix = record is >= FirstPrefixDictionaryElement and <= LastPrefixDictionaryElement ? record - FirstPrefixDictionaryElement
            : record is >= FirstPrefixElement and <= LastPrefixElement ? record - FirstPrefixElement
            : -1;
        if (record is Msbin1Records.ShortElement or Msbin1Records.Element)
        {
            if (record == Msbin1Records.Element)
            {
                cursor.ReadString();
            }

            var name = cursor.ReadString();
            isFault = !cursor.Truncated && name.Of(content).SequenceEqual("Fault"u8);
        }
        else if (record is Msbin1Records.ShortDictionaryElement or Msbin1Records.DictionaryElement or (>= FirstPrefixDictionaryElement and <= LastPrefixDictionaryElement))
        {
            if (record == Msbin1Records.DictionaryElement)
            {
                cursor.ReadString();
            }

            isFault = cursor.ReadMultiByteInt31() == FaultId;
        }
        else if (prefix >= 0)
        {
            isFault = cursor.ReadString().Of(content).SequenceEqual("Fault"u8);
        }
        else
        {
            // Text, or a record that is no element: not a body this scan reads.
            return false;
        }

        if (cursor.Truncated)
        {
            return false;
        }

        // Any other name is no fault whatever its namespace. A Fault is one when it has the Envelope's prefix, as WCF
        // writes it; one written another way (its own namespace declaration) is left to WCF's reader.
        return !isFault || prefix == envelopePrefix;
    }
}
