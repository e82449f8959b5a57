namespace SoapRouter.Configuration;

/// <summary>The values of <c>routes[].delivery.mode</c>.</summary>
public static class DeliveryModes
{
    /// <summary>Forwarded while the client waits (the default).</summary>
    public const string Direct = "direct";

    /// <summary>Kept in the queue store before the client is acknowledged, then delivered (one-way messages).</summary>
    public const string Durable = "durable";

    /// <summary>Every valid value.</summary>
    public static readonly IReadOnlyList<string> All = [Direct, Durable];
}
