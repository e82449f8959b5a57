using System.Globalization;
using System.Security.Cryptography;

namespace Samples.Contracts;

/// <summary>
/// What the streamed contract's Upload answers and what a caller checks a download against: "length:sha256hex" of a
/// stream, read to its end in 64 KB chunks (never held whole).
/// </summary>
public static class StreamDigest
{
    private const int ChunkSize = 64 * 1024;

    /// <summary>Reads <paramref name="stream"/> to its end and returns its digest.</summary>
    public static string Of(Stream stream)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var buffer = new byte[ChunkSize];
        long length = 0;
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            hash.AppendData(buffer, 0, read);
            length += read;
        }

        return Format(length, hash);
    }

    /// <summary>Reads <paramref name="stream"/> to its end asynchronously and returns its digest.</summary>
    public static async Task<string> OfAsync(Stream stream, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var buffer = new byte[ChunkSize];
        long length = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            hash.AppendData(buffer, 0, read);
            length += read;
        }

        return Format(length, hash);
    }

    /// <summary>The digest of <paramref name="length"/> bytes of <see cref="PatternStream"/>.</summary>
    public static string OfPattern(long length)
    {
        using var pattern = new PatternStream(length);
        return Of(pattern);
    }

    /// <summary>"length:sha256hex" for a hash that has seen <paramref name="length"/> bytes.</summary>
    public static string Format(long length, IncrementalHash hash)
    {
        ArgumentNullException.ThrowIfNull(hash);
        return length.ToString(CultureInfo.InvariantCulture) + ":" + Convert.ToHexStringLower(hash.GetHashAndReset());
    }
}
