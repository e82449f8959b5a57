using ProtoBuf;

namespace Samples.Contracts;

/// <summary>Orders to and from protobuf-net bytes (an <see cref="OrderBatch"/>), as both ends of <see cref="IProtoOrderService"/> do.</summary>
public static class ProtoOrders
{
    /// <summary>The protobuf-net bytes of <paramref name="orders"/>.</summary>
    public static byte[] Serialize(Order[] orders)
    {
        ArgumentNullException.ThrowIfNull(orders);
        using var stream = new MemoryStream();
        Serializer.Serialize(stream, new OrderBatch { Orders = orders });
        return stream.ToArray();
    }

    /// <summary>
    /// The orders in <paramref name="bytes"/> (none for an empty payload). Throws <see cref="ProtoException"/> (or
    /// <see cref="EndOfStreamException"/>) for bytes that are not an order batch.
    /// </summary>
    public static Order[] Deserialize(ReadOnlySpan<byte> bytes) =>
        Serializer.Deserialize<OrderBatch>(bytes).Orders ?? [];
}
