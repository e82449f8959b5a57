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

    /// <summary>Every binding, in the order of <see cref="WireBindingNames.All"/>.</summary>
    public static IReadOnlyList<WireBinding> All { get; } = [BasicHttp, Soap12Http, BinaryHttp, NetTcp];

    /// <summary>The bindings carried by HTTP.</summary>
    public static IReadOnlyList<WireBinding> Http { get; } = [BasicHttp, Soap12Http, BinaryHttp];

    /// <summary>The binding named <paramref name="name"/> (as router.json writes it), or null.</summary>
    public static WireBinding? Find(string? name) => name switch
    {
        WireBindingNames.BasicHttp => BasicHttp,
        WireBindingNames.Soap12Http => Soap12Http,
        WireBindingNames.BinaryHttp => BinaryHttp,
        WireBindingNames.NetTcp => NetTcp,
        _ => null,
    };

    /// <summary>The binding named <paramref name="name"/>; throws <see cref="ArgumentException"/> for an unknown name.</summary>
    public static WireBinding Get(string name) =>
        Find(name) ?? throw new ArgumentException($"Unknown binding '{name}'; expected one of {string.Join(", ", WireBindingNames.All)}.", nameof(name));
}
