namespace Samples.Payloads;

/// <summary>Builds the binary filler of a profile: random bytes with a share of zeroed blocks.</summary>
internal static class FillerBytes
{
    // Block size of the zeroed runs: long enough that Deflate codes each as a couple of matches.
    private const int BlockSize = 64;

    /// <summary><paramref name="length"/> bytes, random except for about <paramref name="zeroBlockShare"/> of 64-byte blocks.</summary>
    public static byte[] Create(Random random, int length, double zeroBlockShare)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        for (var offset = 0; offset < length; offset += BlockSize)
        {
            if (random.NextDouble() < zeroBlockShare)
            {
                bytes.AsSpan(offset, Math.Min(BlockSize, length - offset)).Clear();
            }
        }

        return bytes;
    }
}
