namespace SoapRouter.Caching;

/// <summary>How the response cache answered one request of a cached action.</summary>
internal enum CacheResult
{
    /// <summary>From a stored reply: no backend call.</summary>
    Hit,

    /// <summary>With the reply of another caller's backend call that was under way (stampede protection): no backend call of its own.</summary>
    Joined,

    /// <summary>By a backend call of its own (its reply stored or not).</summary>
    Miss,
}
