using System.Runtime.Serialization;
using ProtoBuf;

namespace Samples.Contracts;

/// <summary>One line of an <see cref="Order"/>; the shape of seed 003's OrderLine.</summary>
[DataContract(Name = "OrderLine", Namespace = ContractNamespaces.Data)]
[ProtoContract]
public sealed class OrderLine
{
    /// <summary>Identifier of the ordered item.</summary>
    [DataMember(Name = "ItemID", Order = 0)]
    [ProtoMember(1)]
    public int ItemId { get; set; }

    /// <summary>Number of items ordered.</summary>
    [DataMember(Order = 1)]
    [ProtoMember(2)]
    public int Quantity { get; set; }
}
