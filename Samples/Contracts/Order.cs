using System.Runtime.Serialization;
using ProtoBuf;

namespace Samples.Contracts;

/// <summary>
/// An order as returned by GetOrders(n); members 0..12 are seed 003's Order with its wire names and orders.
/// </summary>
/// <remarks>
/// As in seed 003, the same class carries protobuf-net's attributes beside the DataContract ones: field numbers are
/// the DataMember orders + 1 (protobuf fields start at 1), for the GetOrdersProto and EchoProto payloads. The
/// expiration is a google.protobuf.Timestamp (UTC), so another Protocol Buffers stack reads it too.
/// <see cref="Notes"/> and <see cref="Attachment"/> are additions that carry the payload profile's filler, and
/// <see cref="OrderId"/> one that lets a receiver tell which submitted orders arrived. They are optional and omitted
/// when null, so a peer compiled against the seed's contract still reads these messages (the DataContractSerializer
/// skips members it does not know).
/// </remarks>
[DataContract(Name = "Order", Namespace = ContractNamespaces.Data)]
[ProtoContract]
public sealed class Order
{
    /// <summary>Identifier of the customer who placed the order.</summary>
    [DataMember(Name = "CustomerID", Order = 0)]
    [ProtoMember(1)]
    public int CustomerId { get; set; }

    /// <summary>First line of the shipping address.</summary>
    [DataMember(Order = 1)]
    [ProtoMember(2)]
    public string? ShippingAddress1 { get; set; }

    /// <summary>Second line of the shipping address.</summary>
    [DataMember(Order = 2)]
    [ProtoMember(3)]
    public string? ShippingAddress2 { get; set; }

    /// <summary>Shipping city.</summary>
    [DataMember(Order = 3)]
    [ProtoMember(4)]
    public string? ShippingCity { get; set; }

    /// <summary>Shipping state or region.</summary>
    [DataMember(Order = 4)]
    [ProtoMember(5)]
    public string? ShippingState { get; set; }

    /// <summary>Shipping postal code.</summary>
    [DataMember(Order = 5)]
    [ProtoMember(6)]
    public string? ShippingZip { get; set; }

    /// <summary>Shipping country.</summary>
    [DataMember(Order = 6)]
    [ProtoMember(7)]
    public string? ShippingCountry { get; set; }

    /// <summary>Kind of shipping (ground, air, ...).</summary>
    [DataMember(Order = 7)]
    [ProtoMember(8)]
    public string? ShipType { get; set; }

    /// <summary>Credit card brand.</summary>
    [DataMember(Order = 8)]
    [ProtoMember(9)]
    public string? CreditCardType { get; set; }

    /// <summary>Credit card number (synthetic; never a real card).</summary>
    [DataMember(Order = 9)]
    [ProtoMember(10)]
    public string? CreditCardNumber { get; set; }

    /// <summary>Credit card expiration date.</summary>
    [DataMember(Order = 10)]
    [ProtoMember(11)]
    [CompatibilityLevel(CompatibilityLevel.Level240)]
    public DateTime CreditCardExpiration { get; set; }

    /// <summary>Name on the credit card.</summary>
    [DataMember(Order = 11)]
    [ProtoMember(12)]
    public string? CreditCardName { get; set; }

    /// <summary>The order's lines.</summary>
    [DataMember(Order = 12)]
    [ProtoMember(13)]
    public OrderLine[]? OrderItems { get; set; }

    /// <summary>Free text filler (stub addition); omitted when null.</summary>
    [DataMember(Order = 13, EmitDefaultValue = false)]
    [ProtoMember(14)]
    public string? Notes { get; set; }

    /// <summary>Binary filler (stub addition): base64 in text XML, raw bytes in binary XML; omitted when null.</summary>
    [DataMember(Order = 14, EmitDefaultValue = false)]
    [ProtoMember(15)]
    public byte[]? Attachment { get; set; }

    /// <summary>The sender's id of this order, a GUID (stub addition: LoadClient gives each submitted order its own); omitted when null.</summary>
    [DataMember(Order = 15, EmitDefaultValue = false)]
    [ProtoMember(16)]
    public string? OrderId { get; set; }
}
