namespace SoapRouter.Wire.Binary;

/// <summary>
/// What <see cref="SessionTranslator"/> made of one payload: session-free msbin1 in a buffer rented from the caller's
/// <see cref="Encoding.ArrayPoolBufferManager"/> (the caller hands <see cref="Buffer"/> back with ReturnBuffer once done
/// with it), or the <see cref="Problem"/> that stopped it, in which case nothing stays rented.
/// </summary>
public readonly struct SessionTranslation
{
    private SessionTranslation(byte[]? buffer, int offset, int length, string? problem, int problemOffset)
    {
        Buffer = buffer;
        Offset = offset;
        Length = length;
        Problem = problem;
        ProblemOffset = problemOffset;
    }

    /// <summary>The rented buffer holding the msbin1 records; null when the translation failed.</summary>
    public byte[]? Buffer { get; }

    /// <summary>Where the records start in <see cref="Buffer"/>: the reserved prefix asked for (room for a framing head).</summary>
    public int Offset { get; }

    /// <summary>The length of the records.</summary>
    public int Length { get; }

    /// <summary>Why the payload could not be translated; null on success.</summary>
    public string? Problem { get; }

    /// <summary>
    /// Where in the bytes given the translator stopped: the start of the top-level record it could not place (0 for a
    /// refused string table). Everything before it was understood.
    /// </summary>
    public int ProblemOffset { get; }

    /// <summary>True when <see cref="Buffer"/> holds the translation.</summary>
    public bool Succeeded => Problem is null;

    /// <summary>The msbin1 records (empty when the translation failed).</summary>
    public ReadOnlySpan<byte> Records => Buffer is null ? default : Buffer.AsSpan(Offset, Length);

    /// <summary>A translation of <paramref name="length"/> bytes at <paramref name="offset"/> in <paramref name="buffer"/>.</summary>
    internal static SessionTranslation Translated(byte[] buffer, int offset, int length) => new(buffer, offset, length, null, 0);

    /// <summary>A failed translation, stopped at <paramref name="problemOffset"/>.</summary>
    internal static SessionTranslation Failed(string problem, int problemOffset = 0) => new(null, 0, 0, problem, problemOffset);
}
