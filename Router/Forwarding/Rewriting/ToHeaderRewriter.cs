using System.Buffers;

namespace SoapRouter.Forwarding.Rewriting;

/// <summary>
/// Rewrites the text of a text-encoded message's wsa:To header to the destination's address and leaves every other
/// byte as the client sent it. A WCF backend's address filter refuses a message addressed to someone else, and the
/// client addressed it to the router; re-serializing the XML instead would be a re-encode and would break any
/// signature over the other parts.
/// </summary>
internal static class ToHeaderRewriter
{
    /// <summary>
    /// Finds the wsa:To (WS-Addressing 1.0 or August 2004) among the Header's children of the UTF-8 SOAP 1.1/1.2
    /// envelope in <paramref name="message"/> and, unless it already holds <paramref name="newAddress"/>, copies the
    /// message into one buffer rented from <paramref name="pool"/> (the shared pool by default) with the new text.
    /// Bad input is a result, never an exception; only an address XML cannot carry throws.
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
    /// <paramref name="newAddress"/>; <see cref="ToHeaderRewriteStatus.Unchanged"/> when it already holds it. Lets a
    /// message that goes to several destinations (failover) be scanned once.
    /// </summary>
    public static ToHeaderRewriteResult Apply(ReadOnlySpan<byte> message, ToHeaderLocation location, string newAddress, ArrayPool<byte>? pool = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(newAddress);
        if (!location.IsEmptyElement
            && XmlTextEscaper.EqualsEscaped(message[location.ContentStart..location.ContentEnd], newAddress))
        {
            return ToHeaderRewriteResult.Unchanged;
        }

        return Splice(message, location, newAddress, XmlTextEscaper.GetEscapedLength(newAddress), pool ?? SoapRouter.Wire.Encoding.MessageBufferPool.Instance);
    }

    /// <summary>
    /// Scans <paramref name="message"/> to its Body start tag; on <see cref="ToHeaderRewriteError.None"/>,
    /// <paramref name="found"/> tells whether the Header holds a wsa:To and <paramref name="location"/> where its text is.
    /// </summary>
    public static ToHeaderRewriteError Locate(ReadOnlySpan<byte> message, out bool found, out ToHeaderLocation location) =>
        Locate(message, "To"u8, out found, out location);

    /// <summary>
    /// As <see cref="Locate(ReadOnlySpan{byte}, out bool, out ToHeaderLocation)"/> for the WS-Addressing header whose
    /// local name is <paramref name="header"/> (RelatesTo, MessageID: the response cache splices them into a stored reply).
    /// </summary>
    public static ToHeaderRewriteError Locate(ReadOnlySpan<byte> message, ReadOnlySpan<byte> header, out bool found, out ToHeaderLocation location)
    {
        // The scanner's records live on the stack (about 4 KB): the not-present and unchanged paths allocate nothing.
        Span<OpenElement> elements = stackalloc OpenElement[EnvelopeHeaderScanner.MaxDepth];
        Span<NamespaceDeclaration> declarations = stackalloc NamespaceDeclaration[EnvelopeHeaderScanner.MaxDeclarations];
        Span<ScannedAttribute> attributes = stackalloc ScannedAttribute[EnvelopeHeaderScanner.MaxAttributes];
        var scanner = new EnvelopeHeaderScanner(message, elements, declarations, attributes, header);
        return scanner.Scan(out found, out location);
    }

    private static ToHeaderRewriteResult Splice(
        ReadOnlySpan<byte> message,
        ToHeaderLocation location,
        string newAddress,
        int escapedLength,
        ArrayPool<byte> pool)
    {
        var before = message[..location.ContentStart];
        var after = message[location.ContentEnd..];

        // <a:To x="1"/> becomes <a:To x="1">text</a:To>: the start tag keeps its name, attributes and spacing.
        var name = message.Slice(location.NameStart, location.NameLength);
        var extra = location.IsEmptyElement ? 1 + 2 + name.Length + 1 : 0;
        var length = (long)before.Length + escapedLength + extra + after.Length;
        if (length > Array.MaxLength)
        {
            return ToHeaderRewriteResult.Failed(ToHeaderRewriteError.Unsupported);
        }

        var buffer = pool.Rent((int)length);
        var output = buffer.AsSpan();
        before.CopyTo(output);
        var written = before.Length;
        if (location.IsEmptyElement)
        {
            output[written++] = (byte)'>';
        }

        written += XmlTextEscaper.Write(newAddress, output[written..]);
        if (location.IsEmptyElement)
        {
            "</"u8.CopyTo(output[written..]);
            written += 2;
            name.CopyTo(output[written..]);
            written += name.Length;
            output[written++] = (byte)'>';
        }

        after.CopyTo(output[written..]);
        written += after.Length;
        return ToHeaderRewriteResult.Rewritten(buffer, written, pool);
    }
}
