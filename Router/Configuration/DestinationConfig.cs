namespace SoapRouter.Configuration;

/// <summary>A backend endpoint.</summary>
public sealed record DestinationConfig
{
    /// <summary>Unique name within the router, used in logs and statistics.</summary>
    public string Name { get; init; } = "";

    /// <summary>Absolute address of the backend service endpoint.</summary>
    public string Address { get; init; } = "";

    /// <summary>One of <see cref="BindingNames"/>.</summary>
    public string Binding { get; init; } = "";
}
