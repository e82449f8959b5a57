using System.Buffers;

namespace SoapRouter.Wire.Encoding;

/// <summary>
/// The pool the process's message buffers come from: bodies, replies, encoder output. Arrays up to
/// <see cref="LargestShared"/> bytes come from <see cref="ArrayPool{T}.Shared"/>; larger ones up to
/// <see cref="LargestPooled"/> from a pool of this class's own that keeps at most <see cref="ArraysPerSize"/> of each
/// size; larger ones still are allocated and, when returned, left to the GC. The shared pool keeps up to 32 arrays per
/// size per core and one more per thread: after a burst of 1 MB messages it held 30 MB of 1 MB arrays, and under the
/// soak's mixed load 90 arrays of 128-256 KB (23 MB), that no budget counted, in a container of 256 MB whose managed
/// heap may use 115 MB (Benchmarks/scripts/soak.sh). A large array costs little to allocate next to what reading and
/// writing a message of its size costs, and GCConserveMemory compacts them away.
/// </summary>
public sealed class MessageBufferPool : ArrayPool<byte>
{
    /// <summary>The largest array kept for reuse: 256 KB (a 150 KB message's buffers stay pooled).</summary>
    public const int LargestPooled = 256 * 1024;

    /// <summary>The largest array taken from the shared pool (what a 1-16 KB message uses, at no lock).</summary>
    public const int LargestShared = 16 * 1024;

    /// <summary>How many arrays of each size above <see cref="LargestShared"/> are kept: 7.5 MB at most, all sizes together.</summary>
    public const int ArraysPerSize = 16;

    private readonly ArrayPool<byte> _large = Create(LargestPooled, ArraysPerSize);
    private readonly Func<int, byte[]> _allocate;
    private readonly Action _collect;
    private long _retriedAllocations;

    private MessageBufferPool()
        : this(static length => GC.AllocateUninitializedArray<byte>(length), ManagedHeap.CollectAggressively)
    {
    }

    /// <summary>A pool whose unpooled arrays come from <paramref name="allocate"/>, and <paramref name="collect"/> runs before the one retry (tests).</summary>
    internal MessageBufferPool(Func<int, byte[]> allocate, Action collect)
    {
        _allocate = allocate;
        _collect = collect;
    }

    /// <summary>The one instance.</summary>
    public static MessageBufferPool Instance { get; } = new();

    /// <summary>Arrays above <see cref="LargestPooled"/> whose allocation met the heap's limit and came after a collection.</summary>
    public long RetriedAllocations => Interlocked.Read(ref _retriedAllocations);

    /// <inheritdoc />
    public override byte[] Rent(int minimumLength) => minimumLength switch
    {
        <= LargestShared => ArrayPool<byte>.Shared.Rent(minimumLength),
        <= LargestPooled => _large.Rent(minimumLength),
        _ => AllocateLarge(minimumLength),
    };

    /// <summary>
    /// A large array, allocated; when that meets the GC's heap limit (a container's <c>GCHeapHardLimitPercent</c>), once
    /// more after a compacting collection of every generation and the large object heap. The GC's own collection before
    /// its out-of-memory leaves the large object heap fragmented: in the 256 MB soak, 1 MB buffers failed with 86 of the
    /// heap's 115 MB live (Benchmarks/scripts/soak.sh; BENCHMARKS.md "Memory under a container limit"). A second failure
    /// goes on to the caller (the listener answers 503, busy).
    /// </summary>
    private byte[] AllocateLarge(int minimumLength)
    {
        try
        {
            return _allocate(minimumLength);
        }
        catch (OutOfMemoryException)
        {
            _collect();
            var array = _allocate(minimumLength);
            Interlocked.Increment(ref _retriedAllocations);
            return array;
        }
    }

    /// <inheritdoc />
    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (array.Length <= LargestShared)
        {
            ArrayPool<byte>.Shared.Return(array, clearArray);
        }
        else if (array.Length <= LargestPooled)
        {
            _large.Return(array, clearArray);
        }
    }
}
