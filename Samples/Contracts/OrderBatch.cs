using ProtoBuf;

namespace Samples.Contracts;

/// <summary>
/// The root of a protobuf-net order payload: seed 003's Order[] as one repeated field, so the bytes are a proto3 message
/// (<c>message OrderBatch { repeated Order orders = 1; }</c>) any Protocol Buffers implementation reads.
/// </summary>
[ProtoContract]
public sealed class OrderBatch
{
    /// <summary>The orders, in order.</summary>
    [ProtoMember(1)]
    public Order[]? Orders { get; set; }
}
