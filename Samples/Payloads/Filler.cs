namespace Samples.Payloads;

/// <summary>The filler of one payload: text or bytes, depending on the profile; the other part is null.</summary>
internal readonly record struct Filler(string? Text, byte[]? Bytes)
{
    /// <summary>A filler of <paramref name="length"/> chars or bytes in the style of <paramref name="shape"/>.</summary>
    public static Filler Create(ProfileShape shape, Random random, int length) => shape.BinaryFiller
        ? new Filler(null, FillerBytes.Create(random, length, shape.ZeroBlockShare))
        : new Filler(FillerText.Create(random, length, shape), null);
}
