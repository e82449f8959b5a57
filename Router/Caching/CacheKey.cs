using System.Diagnostics.CodeAnalysis;
using System.Globalization;

namespace SoapRouter.Caching;

/// <summary>
/// The cache key of one request: the route, the action and the SHA-256 of everything else that decides the reply
/// (the listener's binding, the canonical body, the vary headers, the client certificate), written
/// <c>{route length}:{route}{action}#{hash}</c> so the in-process cache can tell whose an entry is without a table.
/// </summary>
internal static class CacheKey
{
    /// <summary>Hex characters of the hash at the end of every key.</summary>
    public const int HashChars = 64;

    /// <summary>The key of a request to <paramref name="route"/> for <paramref name="action"/> whose other parts hash to <paramref name="hash"/>.</summary>
    public static string Format(string route, string action, ReadOnlySpan<byte> hash) =>
        string.Create(CultureInfo.InvariantCulture, $"{route.Length}:{route}{action}#{Convert.ToHexStringLower(hash)}");

    /// <summary>The route and action of a key made by <see cref="Format"/>; false for anything else.</summary>
    public static bool TryParse(string key, [NotNullWhen(true)] out string? route, [NotNullWhen(true)] out string? action)
    {
        route = null;
        action = null;
        var colon = key.IndexOf(':', StringComparison.Ordinal);
        if (colon <= 0 || key.Length < colon + 2 + HashChars || key[^(HashChars + 1)] != '#'
            || !int.TryParse(key.AsSpan(0, colon), NumberStyles.None, CultureInfo.InvariantCulture, out var length))
        {
            return false;
        }

        var actionStart = colon + 1 + length;
        var actionEnd = key.Length - HashChars - 1;
        if (actionStart > actionEnd)
        {
            return false;
        }

        route = key.Substring(colon + 1, length);
        action = key[actionStart..actionEnd];
        return true;
    }
}
