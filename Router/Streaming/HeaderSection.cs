using SoapRouter.Forwarding.Rewriting;

namespace SoapRouter.Streaming;

/// <summary>
/// Finds where the Body's content starts in the first bytes of a streamed message, with the scanners the verbatim path
/// splices To with (text: <see cref="EnvelopeHeaderScanner"/>; msbin1: <see cref="Msbin1ToLocator"/>), and closes the
/// header section into a whole envelope with an empty Body: what routing reads, never the body itself.
/// </summary>
internal static class HeaderSection
{
    // msbin1's EndElement record, twice: the Body, then the Envelope.
    private static ReadOnlySpan<byte> BinaryClosing => [0x01, 0x01];

    /// <summary>
    /// Scans <paramref name="bytes"/> (the message's first bytes) for the Body start. <see cref="HeaderSectionError.Ended"/>
    /// means "not yet": more bytes may complete it.
    /// </summary>
    public static HeaderSectionError Find(ReadOnlySpan<byte> bytes, bool binary, out BodyStart body)
    {
        ToHeaderRewriteError error;
        if (binary)
        {
            Span<Msbin1Declaration> declarations = stackalloc Msbin1Declaration[Msbin1ToLocator.DeclarationCapacity];
            var locator = new Msbin1ToLocator(bytes, declarations);
            error = locator.LocateToBody(out _, out _, out body);
        }
        else
        {
            Span<OpenElement> elements = stackalloc OpenElement[EnvelopeHeaderScanner.MaxDepth];
            Span<NamespaceDeclaration> namespaces = stackalloc NamespaceDeclaration[EnvelopeHeaderScanner.MaxDeclarations];
            Span<ScannedAttribute> attributes = stackalloc ScannedAttribute[EnvelopeHeaderScanner.MaxAttributes];
            var scanner = new EnvelopeHeaderScanner(bytes, elements, namespaces, attributes);
            error = scanner.Scan(out _, out _);
            body = scanner.Body;
        }

        return error switch
        {
            ToHeaderRewriteError.None => HeaderSectionError.None,

            // The scanners say Malformed for bytes that stop too soon, and for nothing else they could read on to.
            ToHeaderRewriteError.Malformed => HeaderSectionError.Ended,
            _ => HeaderSectionError.NotEnvelope,
        };
    }

    /// <summary>The bytes that close <paramref name="headers"/> (up to the Body's content) into a whole envelope with an empty Body.</summary>
    public static int ClosingLength(ReadOnlySpan<byte> headers, BodyStart body, bool binary) =>
        binary ? BinaryClosing.Length : (body.IsEmpty ? 0 : body.BodyName.Length + 3) + body.EnvelopeName.Length + 3;

    /// <summary>Writes the closing of <paramref name="headers"/> into <paramref name="destination"/>; returns its length.</summary>
    public static int WriteClosing(ReadOnlySpan<byte> headers, BodyStart body, bool binary, Span<byte> destination)
    {
        if (binary)
        {
            BinaryClosing.CopyTo(destination);
            return BinaryClosing.Length;
        }

        var written = 0;
        if (!body.IsEmpty)
        {
            written += EndTag(body.BodyName.Of(headers), destination);
        }

        return written + EndTag(body.EnvelopeName.Of(headers), destination[written..]);
    }

    private static int EndTag(ReadOnlySpan<byte> name, Span<byte> destination)
    {
        "</"u8.CopyTo(destination);
        name.CopyTo(destination[2..]);
        destination[2 + name.Length] = (byte)'>';
        return name.Length + 3;
    }
}
