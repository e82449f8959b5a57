namespace Samples.Contracts;

/// <summary>SOAP actions of <see cref="IProtoOrderService"/> (WCF's defaults for the contract), for routing.</summary>
public static class ProtoOrderServiceActions
{
    /// <summary>Request action of GetOrdersProto(int numOrders) returning byte[].</summary>
    public const string GetOrdersProto = "http://tempuri.org/IProtoOrderService/GetOrdersProto";

    /// <summary>Reply action of GetOrdersProto.</summary>
    public const string GetOrdersProtoResponse = "http://tempuri.org/IProtoOrderService/GetOrdersProtoResponse";

    /// <summary>Request action of EchoProto(byte[] orders) returning byte[].</summary>
    public const string EchoProto = "http://tempuri.org/IProtoOrderService/EchoProto";

    /// <summary>Reply action of EchoProto.</summary>
    public const string EchoProtoResponse = "http://tempuri.org/IProtoOrderService/EchoProtoResponse";
}
