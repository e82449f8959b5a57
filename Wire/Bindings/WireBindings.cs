namespace SoapRouter.Wire.Bindings;

/// <summary>The four bindings, by name.</summary>
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

    /// <summary>Every binding in its default encoding, in the order of <see cref="WireBindingNames.All"/>.</summary>
    public static IReadOnlyList<WireBinding> All { get; } = [BasicHttp, Soap12Http, BinaryHttp, NetTcp];

    /// <summary>The bindings carried by HTTP, in their default encodings.</summary>
    public static IReadOnlyList<WireBinding> Http { get; } = [BasicHttp, Soap12Http, BinaryHttp];

    /// <summary>Every binding in every encoding router.json can ask for: <see cref="All"/>, then the MTOM ones.</summary>
    public static IReadOnlyList<WireBinding> Variants { get; } = [BasicHttp, Soap12Http, BinaryHttp, NetTcp, BasicHttpMtom, Soap12HttpMtom];

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
    /// The binding named <paramref name="name"/> in <paramref name="encoding"/> (one of <see cref="WireEncodingNames"/>;
    /// null: the binding's default), or null when the binding or the pair is unknown.
    /// </summary>
    public static WireBinding? Find(string? name, string? encoding)
    {
        if (encoding is null)
        {
            return Find(name);
        }

        foreach (var binding in Variants)
        {
            if (binding.Name == name && binding.Encoding == encoding)
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
