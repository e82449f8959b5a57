namespace SoapRouter.Wire.Bindings;

/// <summary>The four bindings and their variants (MTOM, WS-Addressing August 2004), by name.</summary>
public static class WireBindings
{
    /// <summary>Text SOAP 1.1 over HTTP, no WS-Addressing (WCF's BasicHttpBinding).</summary>
    public static WireBinding BasicHttp => WireBinding.BasicHttp;

    /// <summary>Text SOAP 1.2 + WS-Addressing 1.0 over HTTP.</summary>
    public static WireBinding Soap12Http => WireBinding.Soap12Http;

    /// <summary>msbin1 over HTTP.</summary>
    public static WireBinding BinaryHttp => WireBinding.BinaryHttp;

    /// <summary>net.tcp with the binary session encoder.</summary>
    public static WireBinding NetTcp => WireBinding.NetTcp;

    /// <summary>basicHttp with the MTOM encoder.</summary>
    public static WireBinding BasicHttpMtom => WireBinding.BasicHttpMtom;

    /// <summary>soap12Http with the MTOM encoder.</summary>
    public static WireBinding Soap12HttpMtom => WireBinding.Soap12HttpMtom;

    /// <summary>soap12Http with WS-Addressing August 2004.</summary>
    public static WireBinding Soap12HttpAugust2004 => WireBinding.Soap12HttpAugust2004;

    /// <summary>binaryHttp with WS-Addressing August 2004.</summary>
    public static WireBinding BinaryHttpAugust2004 => WireBinding.BinaryHttpAugust2004;

    /// <summary>netTcp with WS-Addressing August 2004 (its binary session encoder in that message version).</summary>
    public static WireBinding NetTcpAugust2004 => WireBinding.NetTcpAugust2004;

    /// <summary>Every binding in its default encoding, in the order of <see cref="WireBindingNames.All"/>.</summary>
    public static IReadOnlyList<WireBinding> All { get; } = [BasicHttp, Soap12Http, BinaryHttp, NetTcp];

    /// <summary>The bindings carried by HTTP, in their default encodings.</summary>
    public static IReadOnlyList<WireBinding> Http { get; } = [BasicHttp, Soap12Http, BinaryHttp];

    /// <summary>
    /// Every binding in every encoding and WS-Addressing version router.json can ask for: <see cref="All"/>, then the
    /// MTOM ones, then the August 2004 ones.
    /// </summary>
    public static IReadOnlyList<WireBinding> Variants { get; } =
        [BasicHttp, Soap12Http, BinaryHttp, NetTcp, BasicHttpMtom, Soap12HttpMtom, Soap12HttpAugust2004, BinaryHttpAugust2004, NetTcpAugust2004];

    /// <summary>The binding named <paramref name="name"/> (as router.json writes it), or null.</summary>
    public static WireBinding? Find(string? name) => name switch
    {
        WireBindingNames.BasicHttp => BasicHttp,
        WireBindingNames.Soap12Http => Soap12Http,
        WireBindingNames.BinaryHttp => BinaryHttp,
        WireBindingNames.NetTcp => NetTcp,
        _ => null,
    };

    /// <summary>
    /// The binding named <paramref name="name"/> in <paramref name="encoding"/> (one of <see cref="WireEncodingNames"/>)
    /// with WS-Addressing <paramref name="addressing"/> (one of <see cref="WireAddressingNames"/>); null for either:
    /// the binding's default. Null when the binding or the combination is unknown.
    /// </summary>
    public static WireBinding? Find(string? name, string? encoding, string? addressing = null)
    {
        if (Find(name) is not { } standard)
        {
            return null;
        }

        encoding ??= standard.Encoding;
        addressing ??= standard.Addressing;
        foreach (var binding in Variants)
        {
            if (binding.Name == name && binding.Encoding == encoding && binding.Addressing == addressing)
            {
                return binding;
            }
        }

        return null;
    }

    /// <summary>The binding named <paramref name="name"/>; throws <see cref="ArgumentException"/> for an unknown name.</summary>
    public static WireBinding Get(string name) =>
        Find(name) ?? throw new ArgumentException($"Unknown binding '{name}'; expected one of {string.Join(", ", WireBindingNames.All)}.", nameof(name));
}
