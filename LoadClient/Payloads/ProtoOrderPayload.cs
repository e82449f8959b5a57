using Samples.Contracts;
using Samples.Payloads;

namespace LoadClient.Payloads;

/// <summary>The EchoProto payload of a run: the generator's first orders, as protobuf-net bytes, enough of them to reach a size.</summary>
internal static class ProtoOrderPayload
{
    /// <summary>The protobuf-net bytes of the fewest of <paramref name="generator"/>'s orders that reach <paramref name="size"/> bytes (at least one order).</summary>
    public static byte[] OfSize(PayloadGenerator generator, int size)
    {
        ArgumentNullException.ThrowIfNull(generator);
        ArgumentOutOfRangeException.ThrowIfLessThan(size, 1);

        // Doubling finds a count that is enough, then halving the gap finds the fewest (orders vary in size).
        var high = 1;
        var bytes = ProtoOrders.Serialize(generator.GetOrders(high));
        while (bytes.Length < size)
        {
            high *= 2;
            bytes = ProtoOrders.Serialize(generator.GetOrders(high));
        }

        var low = high / 2;
        while (high - low > 1)
        {
            var middle = (low + high) / 2;
            var candidate = ProtoOrders.Serialize(generator.GetOrders(middle));
            if (candidate.Length >= size)
            {
                (high, bytes) = (middle, candidate);
            }
            else
            {
                low = middle;
            }
        }

        return bytes;
    }
}
