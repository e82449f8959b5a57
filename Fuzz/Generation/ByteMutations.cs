using System.Text;

namespace SoapRouter.Fuzz.Generation;

/// <summary>
/// Mutations that know nothing of the format: truncation, bit flips, insertion (random bytes or a token of the
/// format's dictionary), deletion, duplication of a range, splicing in part of another seed. Each appends its name
/// to the description.
/// </summary>
internal static class ByteMutations
{
    /// <summary>One mutation of <paramref name="input"/>, chosen by <paramref name="random"/>.</summary>
    public static byte[] Apply(Random random, byte[] input, Func<Random, byte[]> token, byte[] other, StringBuilder described)
    {
        if (input.Length == 0)
        {
            described.Append("insert-token ");
            return token(random);
        }

        var at = random.Next(input.Length + 1);
        switch (random.Next(8))
        {
            case 0:
                described.Append("truncate@").Append(at).Append(' ');
                return input[..at];
            case 1:
                var flipped = (byte[])input.Clone();
                var flips = 1 + random.Next(8);
                for (var i = 0; i < flips; i++)
                {
                    flipped[random.Next(flipped.Length)] ^= (byte)(1 << random.Next(8));
                }

                described.Append("flip×").Append(flips).Append(' ');
                return flipped;
            case 2:
                var noise = new byte[random.SkewedLength(4096)];
                random.NextBytes(noise);
                described.Append("insert-random@").Append(at).Append('+').Append(noise.Length).Append(' ');
                return Insert(input, at, noise);
            case 3:
            case 4:
                described.Append("insert-token@").Append(at).Append(' ');
                return Insert(input, at, token(random));
            case 5:
                var length = Math.Min(input.Length - Math.Min(at, input.Length - 1), random.SkewedLength(input.Length));
                var from = Math.Min(at, input.Length - 1);
                described.Append("delete@").Append(from).Append('+').Append(length).Append(' ');
                return [.. input.AsSpan(0, from), .. input.AsSpan(from + length)];
            case 6:
                var start = random.Next(input.Length);
                var range = input.AsSpan(start, Math.Min(input.Length - start, 1 + random.SkewedLength(256))).ToArray();
                var times = random.SkewedLength(2048);
                described.Append("duplicate@").Append(start).Append('+').Append(range.Length).Append('×').Append(times).Append(' ');
                return Insert(input, start, Repeat(range, times));
            default:
                var cut = random.Next(other.Length + 1);
                described.Append("splice@").Append(at).Append(' ');
                return [.. input.AsSpan(0, at), .. other.AsSpan(cut)];
        }
    }

    /// <summary><paramref name="input"/> with <paramref name="inserted"/> at <paramref name="at"/>.</summary>
    public static byte[] Insert(byte[] input, int at, ReadOnlySpan<byte> inserted) => [.. input.AsSpan(0, at), .. inserted, .. input.AsSpan(at)];

    /// <summary><paramref name="unit"/> <paramref name="times"/> times over.</summary>
    public static byte[] Repeat(ReadOnlySpan<byte> unit, int times)
    {
        var result = new byte[unit.Length * times];
        for (var i = 0; i < times; i++)
        {
            unit.CopyTo(result.AsSpan(i * unit.Length));
        }

        return result;
    }
}
