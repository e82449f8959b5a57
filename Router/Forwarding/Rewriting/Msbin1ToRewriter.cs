using System.Buffers;
using System.Text;
using SoapRouter.Wire.Binary;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Rewrites the WS-Addressing 1.0 To of an msbin1 message (WCF binary XML over HTTP) to the destination's address and
/// leaves every other byte as the client sent it: the binary counterpart of <see cref="ToHeaderRewriter"/>. The To's
/// content is replaced by one Chars text record that also ends the element, which is how WCF writes a To.
/// </summary>
internal static class Msbin1ToRewriter
{
    /// <summary>
    /// Finds the To in the Header of <paramref name="message"/> and, unless it already holds
    /// <paramref name="newAddress"/>, copies the message into one buffer rented from <paramref name="pool"/> (the shared
    /// pool by default) with the new address. Bad input is a result, never an exception.
    /// </summary>
    public static ToHeaderRewriteResult Rewrite(ReadOnlySpan<byte> message, string newAddress, ArrayPool<byte>? pool = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(newAddress);
        var error = Locate(message, out var found, out var location);
        if (error != ToHeaderRewriteError.None)
        {
            return ToHeaderRewriteResult.Failed(error);
        }

        return found ? Apply(message, location, newAddress, pool) : ToHeaderRewriteResult.NotPresent;
    }

    /// <summary>
    /// Sets the To found at <paramref name="location"/> (by <see cref="Locate"/> on the same bytes) to
    /// <paramref name="newAddress"/>; <see cref="ToHeaderRewriteStatus.Unchanged"/> when it already holds it.
    /// </summary>
    public static ToHeaderRewriteResult Apply(ReadOnlySpan<byte> message, Msbin1ToLocation location, string newAddress, ArrayPool<byte>? pool = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(newAddress);
        var addressLength = Encoding.UTF8.GetByteCount(newAddress);
        if (location.Text.Length == addressLength && Utf8Equals(location.Text.Of(message), newAddress))
        {
            return ToHeaderRewriteResult.Unchanged;
        }

        var before = message[..location.ContentStart];
        var after = message[location.ContentEnd..];
        var length = (long)before.Length + CharsRecordLength(addressLength) + after.Length;
        if (length > Array.MaxLength)
        {
            return ToHeaderRewriteResult.Failed(ToHeaderRewriteError.Unsupported);
        }

        pool ??= SoapRouter.Wire.Encoding.MessageBufferPool.Instance;
        var buffer = pool.Rent((int)length);
        var output = buffer.AsSpan();
        before.CopyTo(output);
        var written = before.Length;
        written += WriteCharsWithEndElement(newAddress, addressLength, output[written..]);
        after.CopyTo(output[written..]);
        written += after.Length;
        return ToHeaderRewriteResult.Rewritten(buffer, written, pool);
    }

    /// <summary>Walks to the end of the Header; on success <paramref name="found"/> tells whether there is a To.</summary>
    public static ToHeaderRewriteError Locate(ReadOnlySpan<byte> message, out bool found, out Msbin1ToLocation location) =>
        Locate(message, Msbin1Records.ToId, Msbin1Records.ToText, out found, out location);

    /// <summary>
    /// As <see cref="Locate(ReadOnlySpan{byte}, out bool, out Msbin1ToLocation)"/> for the WS-Addressing header named by
    /// static dictionary id <paramref name="headerId"/> or, inline, <paramref name="headerText"/>.
    /// </summary>
    public static ToHeaderRewriteError Locate(ReadOnlySpan<byte> message, int headerId, ReadOnlySpan<byte> headerText, out bool found, out Msbin1ToLocation location)
    {
        Span<Msbin1Declaration> declarations = stackalloc Msbin1Declaration[Msbin1ToLocator.DeclarationCapacity];
        var locator = new Msbin1ToLocator(message, declarations, headerId, headerText);
        return locator.Locate(out found, out location);
    }

    /// <summary>The bytes of the Chars text record (with EndElement) that holds <paramref name="utf8Length"/> bytes of text.</summary>
    public static int CharsRecordLength(int utf8Length) =>
        Msbin1Records.CharsHeadLength(utf8Length) + utf8Length;

    /// <summary>
    /// Writes <paramref name="text"/> (<paramref name="utf8Length"/> bytes of UTF-8) as one Chars text record that also
    /// ends its element, as WCF writes a header's text; returns the bytes written (<see cref="CharsRecordLength"/>).
    /// </summary>
    public static int WriteCharsWithEndElement(string text, int utf8Length, Span<byte> output)
    {
        var written = Msbin1Records.WriteCharsHead(output, utf8Length, withEndElement: true);
        return written + Encoding.UTF8.GetBytes(text, output[written..]);
    }

    private static bool Utf8Equals(ReadOnlySpan<byte> utf8, string text)
    {
        Span<byte> scratch = stackalloc byte[256];
        var bytes = utf8.Length <= scratch.Length ? scratch[..utf8.Length] : new byte[utf8.Length];
        return Encoding.UTF8.TryGetBytes(text, bytes, out var written) && written == utf8.Length && bytes.SequenceEqual(utf8);
    }
}
