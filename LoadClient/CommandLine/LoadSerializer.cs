namespace LoadClient.CommandLine;

/// <summary>How the orders in a request or reply are serialized: seed 003's comparison.</summary>
internal enum LoadSerializer
{
    /// <summary>WCF's DataContractSerializer (IEchoService, IOrderService): the orders as XML in the body.</summary>
    DataContract,

    /// <summary>protobuf-net (IProtoOrderService): the orders as Protocol Buffers bytes in one byte[] part of the body.</summary>
    Protobuf,
}
