using System.Buffers;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// The pool the process's message buffers come from: bodies, replies, encoder output. Arrays up to
/// <see cref="LargestPooled"/> bytes come from <see cref="ArrayPool{T}.Shared"/>; larger ones are allocated and, when
/// returned, left to the GC. The shared pool keeps up to 32 arrays per size per core and more per thread: after a burst
/// of 1 MB messages it held 30 MB of 1 MB arrays that no budget counted, in a container of 256 MB whose managed heap
/// may use 102 MB (Benchmarks/scripts/soak.sh --profiles large). A large array costs little to allocate next to what
/// reading and writing a message of its size costs, and GCConserveMemory compacts them away.
/// </summary>
public sealed class MessageBufferPool : ArrayPool<byte>
{
    /// <summary>The largest array kept for reuse: 256 KB (a 150 KB message's buffers stay pooled).</summary>
    public const int LargestPooled = 256 * 1024;

    private MessageBufferPool()
    {
    }

    /// <summary>The one instance.</summary>
    public static MessageBufferPool Instance { get; } = new();

    /// <inheritdoc />
    public override byte[] Rent(int minimumLength) =>
        minimumLength <= LargestPooled ? ArrayPool<byte>.Shared.Rent(minimumLength) : GC.AllocateUninitializedArray<byte>(minimumLength);

    /// <inheritdoc />
    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (array.Length <= LargestPooled)
        {
            ArrayPool<byte>.Shared.Return(array, clearArray);
        }
    }
}
