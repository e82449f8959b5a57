using Microsoft.Extensions.Internal;

namespace SoapRouter.Caching;

/// <summary>The router's <see cref="TimeProvider"/> as MemoryCache's clock, so a test's fake clock ends TTLs too.</summary>
internal sealed class TimeProviderClock(TimeProvider time) : ISystemClock
{
    /// <inheritdoc />
    public DateTimeOffset UtcNow => time.GetUtcNow();
}
