using System.Text;

namespace Samples.Payloads;

/// <summary>Builds the text filler of a profile: words and random numbers, exactly the requested length.</summary>
internal static class FillerText
{
    /// <summary>A filler string of <paramref name="length"/> ASCII chars (one byte each in UTF-8, no XML escaping).</summary>
    public static string Create(Random random, int length, ProfileShape shape)
    {
        var builder = new StringBuilder(length + 32);
        var wordIndex = 0;
        while (builder.Length < length)
        {
            if (random.NextDouble() < shape.NumberShare)
            {
                AppendDigits(builder, random, shape.NumberDigits);
            }
            else
            {
                var index = shape.SequentialWords ? wordIndex++ % shape.Vocabulary : random.Next(shape.Vocabulary);
                builder.Append(WordList.Words[index]);
            }

            builder.Append(' ');
        }

        builder.Length = length;
        return builder.ToString();
    }

    private static void AppendDigits(StringBuilder builder, Random random, int digits)
    {
        for (var i = 0; i < digits; i++)
        {
            builder.Append((char)('0' + random.Next(10)));
        }
    }
}
