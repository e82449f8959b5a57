using LoadClient.Payloads;

namespace LoadClient.Envelopes;

/// <summary>
/// The raw mode's requests: one template, or (--size-distribution seed) one per <see cref="SizeBuckets"/> size, each
/// request sending the template nearest to a size drawn from <see cref="SeedSizes"/>.
/// </summary>
internal sealed class RequestTemplateSet
{
    private readonly SoapRequestTemplate[] _templates;

    /// <summary>
    /// A set of <paramref name="templates"/>: one (fixed size) or one per <see cref="SizeBuckets"/> size; with
    /// <paramref name="keys"/> each template carries a cache key header and each request a key drawn from the mix.
    /// </summary>
    public RequestTemplateSet(IReadOnlyList<SoapRequestTemplate> templates, CacheKeyMix? keys = null)
    {
        ArgumentNullException.ThrowIfNull(templates);
        if (templates.Count != 1 && templates.Count != SizeBuckets.Count)
        {
            throw new ArgumentException($"A set holds 1 or {SizeBuckets.Count} templates.", nameof(templates));
        }

        if (templates.Any(t => (t.CacheKey is not null) != (keys is not null)))
        {
            throw new ArgumentException("With a key mix every template has a cache key header; without one, none has.", nameof(templates));
        }

        _templates = [.. templates];
        Keys = keys;
    }

    /// <summary>--repeat-share and --keys: the cache key of each request; null when requests carry none.</summary>
    public CacheKeyMix? Keys { get; }

    /// <summary>The templates, smallest first.</summary>
    public IReadOnlyList<SoapRequestTemplate> Templates => _templates;

    /// <summary>The first template: the only one, or the smallest.</summary>
    public SoapRequestTemplate First => _templates[0];

    /// <summary>The template for the next request, drawing its size with <paramref name="random"/> when there are several.</summary>
    public SoapRequestTemplate Pick(Random random) =>
        _templates.Length == 1 ? _templates[0] : _templates[SizeBuckets.Nearest(SeedSizes.Sample(random))];
}
