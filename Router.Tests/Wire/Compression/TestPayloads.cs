using System.Text;

namespace SoapRouter.Tests.Wire.Compression;

/// <summary>Deterministic test inputs: random bytes (incompressible) and SOAP-like XML (compressible).</summary>
internal static class TestPayloads
{
    public static readonly int[] Sizes = [0, 1, 100, 4 * 1024, 64 * 1024, 1024 * 1024];

    public static byte[] Random(int length, int seed = 1)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    /// <summary>An envelope of order elements with varied numbers and words, cut to exactly <paramref name="length"/> bytes.</summary>
    public static byte[] Xml(int length, int seed = 1)
    {
        string[] words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];
        var random = new Random(seed);
        var text = new StringBuilder("<s:Envelope xmlns:s=\"http://www.w3.org/2003/05/soap-envelope\"><s:Body><Orders>");
        while (text.Length < length)
        {
            text.Append("<Order><Id>").Append(random.Next(1_000_000)).Append("</Id><Customer>")
                .Append(words[random.Next(words.Length)]).Append(' ').Append(words[random.Next(words.Length)])
                .Append("</Customer><Amount>").Append(random.Next(100_000) / 100.0).Append("</Amount></Order>");
        }

        var bytes = System.Text.Encoding.UTF8.GetBytes(text.ToString());
        return bytes[..length];
    }
}
