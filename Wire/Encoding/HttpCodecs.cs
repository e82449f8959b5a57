using SoapRouter.Wire.Bindings;

namespace SoapRouter.Wire.Encoding;

/// <summary>One shared, thread-safe codec for each HTTP binding and encoding, all with the same limits.</summary>
public sealed class HttpCodecs
{
    private readonly MessageCodec[] _codecs;

    /// <summary>Creates the codecs of every HTTP binding with <paramref name="limits"/>.</summary>
    public HttpCodecs(WireLimits limits, ArrayPoolBufferManager? buffers = null)
    {
        ArgumentNullException.ThrowIfNull(limits);
        Limits = limits;
        var codecs = new List<MessageCodec>(WireBindings.Variants.Count);
        foreach (var binding in WireBindings.Variants)
        {
            if (binding.IsHttp)
            {
                codecs.Add(binding.CreateCodec(limits, buffers));
            }
        }

        _codecs = [.. codecs];
    }

    /// <summary>The limits every codec reads and writes under.</summary>
    public WireLimits Limits { get; }

    /// <summary>The codec of <paramref name="binding"/>; throws <see cref="ArgumentException"/> for netTcp, whose codecs are per connection.</summary>
    public MessageCodec this[WireBinding binding]
    {
        get
        {
            ArgumentNullException.ThrowIfNull(binding);
            foreach (var codec in _codecs)
            {
                if (ReferenceEquals(codec.Binding, binding))
                {
                    return codec;
                }
            }

            throw new ArgumentException($"{binding.Name} is not an HTTP binding; its codecs belong to one connection.", nameof(binding));
        }
    }
}
