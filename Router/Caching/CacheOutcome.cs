using SoapRouter.Pipeline;

namespace SoapRouter.Caching;

/// <summary>What the response cache did with a request: how it was answered, and the answer (null when the client went away).</summary>
/// <param name="Result">Hit, joined or miss.</param>
/// <param name="Answer">The client's answer.</param>
internal readonly record struct CacheOutcome(CacheResult Result, ClientAnswer? Answer)
{
    /// <summary>True when no backend call was made for this request.</summary>
    public bool Served => Result != CacheResult.Miss;
}
