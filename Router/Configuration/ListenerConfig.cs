namespace SoapRouter.Configuration;

/// <summary>An address the router listens on, with the binding clients use there.</summary>
public sealed record ListenerConfig
{
    /// <summary>Unique name, used in logs and statistics.</summary>
    public string Name { get; init; } = "";

    /// <summary>One of <see cref="BindingNames"/>.</summary>
    public string Binding { get; init; } = "";

    /// <summary>Absolute address: http://host:port/path or net.tcp://host:port/path.</summary>
    public string Address { get; init; } = "";
}
