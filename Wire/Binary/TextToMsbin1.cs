using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// Turns a SOAP envelope in UTF-8 text XML (what WCF's text encoder sends, no MTOM) into session-free msbin1 that WCF's
/// binary encoder reads as the same message, in one pass over the bytes: no XML reader, no strings, no allocation
/// besides the rented output. Names, prefixes and namespace declarations stay as written; text is copied, or decoded
/// where it has references or line ends to normalize. Whatever WCF's text reader would refuse, and whatever shape
/// this does not know, is a <see cref="SessionTranslation.Problem"/>, never a guess: the caller then takes WCF's path.
/// </summary>
public static class TextToMsbin1
{
    // Room for prefix declarations in scope and attributes on one start tag; WCF's messages use a handful of each.
    private const int MaxDeclarations = 64;
    private const int MaxAttributes = 32;

    /// <summary>
    /// Transcodes <paramref name="xml"/>, the whole envelope as received, into a buffer rented from
    /// <paramref name="buffers"/> with <paramref name="reservedPrefix"/> bytes free in front (for a framing head); an
    /// output longer than <paramref name="maxLength"/> is a problem.
    /// </summary>
    public static SessionTranslation Transcode(ReadOnlySpan<byte> xml, ArrayPoolBufferManager buffers, int reservedPrefix, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(buffers);
        ArgumentOutOfRangeException.ThrowIfNegative(reservedPrefix);
        ArgumentOutOfRangeException.ThrowIfNegative(maxLength);

        // msbin1 is shorter than the text it comes from (end tags lose their names, quotes and brackets their bytes)
        // except for tiny texts in long-length records: the input's length is one rental for WCF's messages.
        var output = new TranslationOutput(buffers, reservedPrefix, maxLength, xml.Length + 64L);
        Span<TextElementFrame> open = stackalloc TextElementFrame[TextToMsbin1Walk.OpenCapacity];
        Span<ByteRange> prefixes = stackalloc ByteRange[MaxDeclarations];
        Span<TextAttribute> attributes = stackalloc TextAttribute[MaxAttributes];
        return new TextToMsbin1Walk(xml, output, open, prefixes, attributes).Run();
    }
}
