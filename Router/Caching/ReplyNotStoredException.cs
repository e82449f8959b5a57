namespace SoapRouter.Caching;

/// <summary>
/// How a backend call made for the cache says its reply is not to be stored (a fault, too large, ...). HybridCache
/// keeps only what its factory returns, and ends a factory's call for everyone who joined it with the factory's
/// exception: so this is how those callers learn to make their own backend call, and nothing is stored.
/// </summary>
public sealed class ReplyNotStoredException : Exception
{
    /// <summary>Creates one with a default reason.</summary>
    public ReplyNotStoredException()
        : this("the reply is not stored")
    {
    }

    /// <summary>Creates one giving why the reply was not stored.</summary>
    public ReplyNotStoredException(string reason)
        : base(reason)
    {
    }

    /// <summary>Creates one with a cause.</summary>
    public ReplyNotStoredException(string reason, Exception innerException)
        : base(reason, innerException)
    {
    }
}
