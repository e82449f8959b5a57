using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using SoapRouter.Routing;
using SoapRouter.Wire.Errors;

namespace SoapRouter.Caching;

/// <summary>
/// Builds a request's cache key: SHA-256 over the listener's binding (each encoding keeps its own bytes), the action,
/// the vary headers (name, present or not, text), the caller's certificate when the route varies by it, and the whole
/// body in canonical form. Headers the route does not vary by (MessageID, To, ReplyTo, anything else) are not part of
/// it: the same question from another message is the same key.
/// </summary>
internal static class CacheKeyBuilder
{
    private const byte Version = 1;
    private const byte Binding = 2;
    private const byte Action = 3;
    private const byte HeaderName = 4;
    private const byte HeaderValue = 5;
    private const byte HeaderAbsent = 6;
    private const byte Certificate = 7;
    private const byte NoBody = 8;

    // Hashing is synchronous, so one instance per thread serves every request on it.
    [ThreadStatic]
    private static IncrementalHash? t_hash;

    /// <summary>
    /// The key of <paramref name="message"/> for <paramref name="action"/> on <paramref name="policy"/>'s route, as
    /// received on a listener of <paramref name="binding"/> from a caller with <paramref name="certificate"/> (or none);
    /// null when the body cannot be read (such a request is forwarded uncached).
    /// </summary>
    public static string? TryBuild(RouteCachePolicy policy, CachedAction action, string binding, IRoutableMessage message, X509Certificate2? certificate)
    {
        ArgumentNullException.ThrowIfNull(policy);
        ArgumentNullException.ThrowIfNull(action);
        ArgumentNullException.ThrowIfNull(message);
        var hash = t_hash ??= IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        Span<byte> digest = stackalloc byte[32];
        try
        {
            var hasher = new CanonicalBodyHasher(hash);
            hasher.Append(Version, "soaprouter-cache");
            hasher.Append(Binding, binding);
            hasher.Append(Action, action.Action);
            foreach (var header in policy.VaryHeaders)
            {
                hasher.Append(HeaderName, header.ToString());
                if (message.TryGetHeader(header.LocalName, header.Namespace, out var value))
                {
                    hasher.Append(HeaderValue, value);
                }
                else
                {
                    hasher.Append(HeaderAbsent, "");
                }
            }

            if (policy.VaryByClientCertificate != false)
            {
                Span<byte> thumbprint = stackalloc byte[32];
                var written = 0;
                if (certificate is not null && !certificate.TryGetCertHash(HashAlgorithmName.SHA256, thumbprint, out written))
                {
                    return Abandon(hash);
                }

                hasher.Append(Certificate, thumbprint[..written]);
            }

            using (var body = message.OpenBodyReader())
            {
                if (body is null)
                {
                    hasher.Append(NoBody, "");
                }
                else
                {
                    hasher.Append(body);
                }
            }

            hash.GetHashAndReset(digest);
            return CacheKey.Format(policy.Route, action.Action, digest);
        }
        catch (Exception ex) when (ErrorClassifier.IsBadInput(ex))
        {
            return Abandon(hash);
        }
    }

    private static string? Abandon(IncrementalHash hash)
    {
        // What was appended must not leak into the next request's key on this thread.
        Span<byte> discard = stackalloc byte[32];
        hash.GetHashAndReset(discard);
        return null;
    }
}
