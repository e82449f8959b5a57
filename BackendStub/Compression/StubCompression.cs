using System.Collections.Frozen;
using BackendStub.Hosting;
using SoapRouter.Wire.Compression;

namespace BackendStub.Compression;

/// <summary>
/// The stub's compression: one <see cref="CompressionLink"/> per HTTP endpoint (each endpoint's clients are one hop),
/// built once from <see cref="StubOptions.Compression"/>, and the cap compressed requests decode under.
/// </summary>
public sealed class StubCompression
{
    private readonly FrozenDictionary<string, CompressionLink> _links;

    /// <summary>Builds the links; <paramref name="time"/> times compression for the adaptive policy.</summary>
    public StubCompression(StubOptions options, TimeProvider? time = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        MaxDecompressedSize = options.MaxDecompressedSize;
        var links = new Dictionary<string, CompressionLink>(StringComparer.Ordinal);
        foreach (var endpoint in StubSoapEndpoints.All)
        {
            links[endpoint.Name] = new CompressionLink(options.Compression, time: time);
        }

        _links = links.ToFrozenDictionary(StringComparer.Ordinal);
    }

    /// <summary>The codecs every link knows (one registry for the process).</summary>
    public static CodecRegistry Registry => CodecRegistry.Default;

    /// <summary>Largest size a compressed request may decode to.</summary>
    public int MaxDecompressedSize { get; }

    /// <summary>The links by endpoint name.</summary>
    public IReadOnlyDictionary<string, CompressionLink> Links => _links;

    /// <summary>The link of <paramref name="endpoint"/>.</summary>
    public CompressionLink For(StubSoapEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        return _links[endpoint.Name];
    }
}
