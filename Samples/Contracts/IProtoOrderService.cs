using System.ServiceModel;

namespace Samples.Contracts;

/// <summary>
/// Seed 003's order service with Protocol Buffers payloads: the orders travel as protobuf-net bytes
/// (<see cref="ProtoOrders"/>) in a byte[] part of the SOAP body (base64 in text encodings, raw bytes in msbin1).
/// Seed 003 swapped WCF's serializer for protobuf-net's (protobuf-net.ServiceModel's ProtoEndpointBehavior); that
/// package is not in the package source, so the contract carries byte[] and both ends call protobuf-net themselves.
/// </summary>
[ServiceContract(Namespace = ContractNamespaces.Service, Name = "IProtoOrderService")]
public interface IProtoOrderService
{
    /// <summary>The stub's <paramref name="numOrders"/> orders (the same as GetOrders') as protobuf-net bytes of an <see cref="OrderBatch"/>.</summary>
    [OperationContract(Name = "GetOrdersProto", Action = ProtoOrderServiceActions.GetOrdersProto, ReplyAction = ProtoOrderServiceActions.GetOrdersProtoResponse)]
    Task<byte[]> GetOrdersProtoAsync(int numOrders);

    /// <summary>Reads <paramref name="orders"/> (protobuf-net bytes of an <see cref="OrderBatch"/>) and returns them serialized again.</summary>
    [OperationContract(Name = "EchoProto", Action = ProtoOrderServiceActions.EchoProto, ReplyAction = ProtoOrderServiceActions.EchoProtoResponse)]
    Task<byte[]> EchoProtoAsync(byte[] orders);
}
