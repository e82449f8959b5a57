using SoapRouter.Forwarding.Rewriting;
using SoapRouter.Wire.Binary;

namespace SoapRouter.Caching;

/// <summary>
/// Finds the wsa:RelatesTo and wsa:MessageID of a reply about to be stored, with the verbatim path's own strict
/// scanners (text and msbin1), so each hit only copies bytes around them. A reply they will not splice is not stored.
/// </summary>
internal static class ReplyAddressing
{
    /// <summary>
    /// Locates both headers in <paramref name="reply"/>; false when the envelope is one the scanners refuse (a
    /// header written twice, an empty or element content, anything unsupported), which keeps the reply out of the cache.
    /// </summary>
    public static bool TryLocate(ReadOnlySpan<byte> reply, bool binary, out SpliceRange relatesTo, out SpliceRange messageId)
    {
        messageId = SpliceRange.None;
        return binary
            ? TryLocateBinary(reply, Msbin1Records.RelatesToId, Msbin1Records.RelatesToText, out relatesTo)
                && TryLocateBinary(reply, Msbin1Records.MessageIdId, Msbin1Records.MessageIdText, out messageId)
            : TryLocateText(reply, "RelatesTo"u8, out relatesTo) && TryLocateText(reply, "MessageID"u8, out messageId);
    }

    private static bool TryLocateText(ReadOnlySpan<byte> reply, ReadOnlySpan<byte> header, out SpliceRange range)
    {
        range = SpliceRange.None;
        if (ToHeaderRewriter.Locate(reply, header, out var found, out var location) != ToHeaderRewriteError.None)
        {
            return false;
        }

        if (found)
        {
            // <a:RelatesTo/> would need tags written around the text; WCF never writes one, so such a reply is passed on uncached.
            if (location.IsEmptyElement)
            {
                return false;
            }

            range = new SpliceRange(location.ContentStart, location.ContentEnd);
        }

        return true;
    }

    private static bool TryLocateBinary(ReadOnlySpan<byte> reply, int headerId, ReadOnlySpan<byte> headerText, out SpliceRange range)
    {
        range = SpliceRange.None;
        if (Msbin1ToRewriter.Locate(reply, headerId, headerText, out var found, out var location) != ToHeaderRewriteError.None)
        {
            return false;
        }

        if (found)
        {
            range = new SpliceRange(location.ContentStart, location.ContentEnd);
        }

        return true;
    }
}
