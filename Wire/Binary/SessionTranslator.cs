using SoapRouter.Wire.Encoding;

namespace SoapRouter.Wire.Binary;

/// <summary>
/// Turns msbinsession1 payloads ([MC-NBFSE]: a string table, then [MC-NBFX] records whose odd dictionary ids name the
/// session's strings) into session-free msbin1 that WCF's plain binary encoder reads as the same XML: each record that
/// names a session string is written in its inline form (DictionaryElement as Element, DictionaryText as Chars text,
/// and so on), everything else is copied byte for byte. A walk over bytes: no XML reader, no strings, no allocation
/// besides the rented output. What it does not understand is a <see cref="SessionTranslation.Problem"/>, never a guess.
/// </summary>
public static class SessionTranslator
{
    /// <summary>
    /// Reads the string table at the start of <paramref name="payload"/> into <paramref name="strings"/> (see
    /// <see cref="SessionStrings.TryReadTable"/>), then translates the records after it as <see cref="ToMsbin1"/> does:
    /// what a session's reader does with each payload, in order.
    /// </summary>
    public static SessionTranslation PayloadToMsbin1(
        ReadOnlySpan<byte> payload, SessionStrings strings, ArrayPoolBufferManager buffers, int reservedPrefix, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(strings);
        if (!strings.TryReadTable(payload, out var recordsStart, out var problem))
        {
            return SessionTranslation.Failed(problem!);
        }

        var translation = ToMsbin1(payload[recordsStart..], strings, buffers, reservedPrefix, maxLength);
        return translation.Succeeded ? translation : SessionTranslation.Failed(translation.Problem!, recordsStart + translation.ProblemOffset);
    }

    /// <summary>
    /// Translates <paramref name="records"/> (a payload after its string table) with the strings the session has so far
    /// into a buffer rented from <paramref name="buffers"/>, leaving <paramref name="reservedPrefix"/> bytes free in
    /// front (for a framing head); a translation longer than <paramref name="maxLength"/> is a problem. The table must
    /// have been read already (<see cref="SessionStrings.TryReadTable"/>): this looks only at the strings held.
    /// </summary>
    public static SessionTranslation ToMsbin1(
        ReadOnlySpan<byte> records, SessionStrings strings, ArrayPoolBufferManager buffers, int reservedPrefix, int maxLength)
    {
        ArgumentNullException.ThrowIfNull(strings);
        ArgumentNullException.ThrowIfNull(buffers);
        ArgumentOutOfRangeException.ThrowIfNegative(reservedPrefix);
        ArgumentOutOfRangeException.ThrowIfNegative(maxLength);

        // Each session reference grows by its string; a quarter more than the records, plus every string once, covers
        // WCF's messages in one rental (the pool rounds up besides). Larger ones grow once or twice.
        var estimate = records.Length + (records.Length >> 2) + strings.ByteCount + 64L;
        var output = new TranslationOutput(buffers, reservedPrefix, maxLength, estimate);
        return new SessionRecordWalk(records, strings, output).Run();
    }
}
